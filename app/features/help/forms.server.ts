import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { dbContext, rateLimiterContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { type EnquiryDeps, type EnquiryOrigin, recordEnquiry } from "~/features/contact/index.server";
import { outboxContext } from "~/features/email";
import { clientIpContext, configContext } from "~/lib/context";
import { receivePublicForm } from "~/lib/public-form.server";
import type { Limit } from "~/lib/rate-limit";
import { type AmbassadorInput, type PartnerInput, STUDENT_RANGES, graduationLabel } from "./forms";

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
export function receiveHelpForm<K extends string, S extends z.ZodType<{ email: string }>>(
  request: Request,
  context: Readonly<RouterContextProvider>,
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
