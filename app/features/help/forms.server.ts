import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { dbContext, rateLimiterContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { type EnquiryDeps, type EnquiryOrigin, recordEnquiry } from "~/features/contact/index.server";
import { outboxContext } from "~/features/email";
import { todayInLondon } from "~/lib/dates";
import { clientIpContext, clockContext, configContext } from "~/lib/context";
import { receivePublicForm } from "~/lib/public-form.server";
import type { Limit } from "~/lib/rate-limit";
import type { FormState } from "~/lib/request-body.server";
import {
  AMBASSADOR_FIELDS,
  type AmbassadorField,
  type AmbassadorInput,
  PARTNER_FIELDS,
  type PartnerField,
  type PartnerInput,
  PartnerSchema,
  STUDENT_RANGES,
  ambassadorSchema,
  graduationLabel,
  graduationYears,
} from "./forms";

type Context = Readonly<RouterContextProvider>;

/** Each public form of the help pages: 5 accepted a client address an hour, and 3 an email address a day. */
export const HELP_FORM_LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };
export const HELP_FORM_EMAIL_LIMIT: Limit = { max: 3, windowSeconds: 24 * 60 * 60 };

export type HelpForm = "partner" | "ambassador";
// Addresses differ only in case as people type them; the mailbox is the same.
export const helpFormEmailKey = (form: HelpForm, email: string) => `${form}:email:${email.toLowerCase()}`;

/**
 * A help page's form through the public-form path: limited by client address and by email address,
 * stored as an enquiry (from the microsite and the person signed in, if any) with the team's email
 * queued in the same transaction, then the page's confirmation.
 */
function receiveHelpForm<K extends string, S extends z.ZodType<{ email: string }>>(
  request: Request,
  context: Context,
  form: HelpForm,
  opts: {
    what: string;
    kept: readonly K[];
    schema: S;
    record(deps: EnquiryDeps, input: z.output<S>, origin: EnquiryOrigin): Promise<number>;
    sent: string;
  },
) {
  const { microsite, user } = context.get(accessContext);
  const deps = {
    db: context.get(dbContext),
    outbox: context.get(outboxContext),
    teamEmail: context.get(configContext).TEAM_EMAIL,
  };
  const origin = {
    universityId: microsite?.id ?? null,
    userId: user?.id ?? null,
    universityName: microsite?.name ?? null,
  };
  return receivePublicForm({
    request,
    limiter: context.get(rateLimiterContext),
    key: `${form}:ip:${context.get(clientIpContext)}`,
    limit: HELP_FORM_LIMIT,
    alsoLimit: (input) => ({ key: helpFormEmailKey(form, input.email), limit: HELP_FORM_EMAIL_LIMIT }),
    what: opts.what,
    kept: opts.kept,
    schema: opts.schema,
    store: (input) => opts.record(deps, input, origin),
    sent: opts.sent,
  });
}

/** A careers service's request to partner: an enquiry of kind "partner-with-us", and the team told. */
export function recordPartnerEnquiry(deps: EnquiryDeps, input: PartnerInput, origin: EnquiryOrigin): Promise<number> {
  return recordEnquiry(
    deps,
    {
      kind: "partner-with-us",
      name: input.name,
      email: input.email,
      subject: `Partnership enquiry from ${input.organisation}`,
      message: input.message,
      details: [
        { key: "organisation", label: "University or organisation", value: input.organisation },
        { key: "jobTitle", label: "Job title", value: input.job_title },
        {
          key: "internationalStudents",
          label: "International students",
          value: input.students,
          shown: STUDENT_RANGES.find((r) => r.value === input.students)?.label,
        },
      ],
    },
    origin,
  );
}

/** A student's application to be a campus ambassador: an enquiry of kind "campus-ambassadors", and the team told. */
export function recordAmbassadorApplication(
  deps: EnquiryDeps,
  input: AmbassadorInput,
  origin: EnquiryOrigin,
): Promise<number> {
  return recordEnquiry(
    deps,
    {
      kind: "campus-ambassadors",
      name: input.name,
      email: input.email,
      subject: `Campus ambassador application from ${input.university}`,
      message: input.why,
      details: [
        { key: "university", label: "University", value: input.university },
        { key: "course", label: "Course", value: input.course },
        {
          key: "graduation",
          label: "Expected graduation",
          value: input.graduation,
          shown: graduationLabel(input.graduation),
        },
      ],
    },
    origin,
  );
}

// /partner-with-us: the audience guard has run (students are on their dashboard). A careers
// service tells us about itself; the enquiry is stored and the team emailed in one transaction.

const PARTNER_SENT = "/partner-with-us?sent=1";

/** The partnership form, filled in with the name and address of someone logged in; or its confirmation. */
export function loadPartnerPage(url: URL, context: Context) {
  const { user } = context.get(accessContext);
  return { sent: url.searchParams.get("sent") === "1", prefill: user ? { name: user.name, email: user.email } : null };
}

export type PartnerPageData = ReturnType<typeof loadPartnerPage>;
export type PartnerForm = FormState<Partial<Record<PartnerField, string>>>;

export function partnerPageAction(request: Request, context: Context) {
  return receiveHelpForm(request, context, "partner", {
    what: "enquiries",
    kept: PARTNER_FIELDS,
    schema: PartnerSchema,
    record: recordPartnerEnquiry,
    sent: PARTNER_SENT,
  });
}

// /campus-ambassadors: a student applies to represent the platform at their university; the
// application is stored as an enquiry and the team emailed in one transaction.

const AMBASSADOR_SENT = "/campus-ambassadors?sent=1";

/** The UK year now: the first graduation year offered, the same in the page and in the check. */
const ukYear = (context: Context) => Number(todayInLondon(context.get(clockContext)()).slice(0, 4));

/** The application form, with the graduation years it offers, filled in for someone logged in; or its confirmation. */
export function loadAmbassadorPage(url: URL, context: Context) {
  const { user } = context.get(accessContext);
  return {
    sent: url.searchParams.get("sent") === "1",
    prefill: user ? { name: user.name, email: user.email } : null,
    years: graduationYears(ukYear(context)),
  };
}

export type AmbassadorPageData = ReturnType<typeof loadAmbassadorPage>;
export type AmbassadorForm = FormState<Partial<Record<AmbassadorField, string>>>;

export function ambassadorPageAction(request: Request, context: Context) {
  return receiveHelpForm(request, context, "ambassador", {
    what: "applications",
    kept: AMBASSADOR_FIELDS,
    schema: ambassadorSchema(ukYear(context)),
    record: recordAmbassadorApplication,
    sent: AMBASSADOR_SENT,
  });
}
