import { asc } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import { universities } from "~/db/schema";
import { clientIpContext, clockContext } from "~/lib/context";
import { EmailField } from "~/lib/email-field";
import { FullNameField } from "~/lib/name-field";
import { receivePublicForm } from "~/lib/public-form.server";
import { AccessRequestSchema, ACCESS_REQUEST_FIELDS } from "./access-request-schema";
import { ACCESS_REQUEST_LIMITS, submitAccessRequest } from "./access-requests.server";
import { ALUMNI_FIELDS, STAFF_FIELDS, alumniSchema, staffSchema } from "./approval-schemas";
import { accountDeps } from "./deps.server";
import { describeDomains, emailDomainAllowed } from "~/lib/email-domains";
import { PREDEPARTURE_FIELDS, predepartureSchema } from "./predeparture-schema";
import { referralOf } from "./referrals.server";
import { registrationLimits, startRegistration } from "./registration.server";
import { universityOr404 } from "./university.server";
import { type SsoRealm, ssoRealmOfUniversity } from "~/features/sso/index.server";

/**
 * The public forms that start an account: a student's registration with a university address, a
 * graduate's, a pre-departure student's, a staff member's, and a request for access. Each shows its
 * confirmation (`?sent=1`) whatever became of the address.
 */

type Context = Readonly<RouterContextProvider>;

function limits(context: Context) {
  return registrationLimits(context.get(rateLimiterContext), context.get(clientIpContext));
}

/** A form of the university the path names (404 if none), or its confirmation. */
export async function loadUniversityForm(universityParam: string, url: URL, context: Context) {
  const university = await universityOr404(context.get(dbContext), universityParam);
  return { university: { slug: university.slug, name: university.name }, sent: url.searchParams.get("sent") === "1" };
}

/** What a university that closed its self-registration says, on its page and to a post. */
export const registrationClosed = (name: string) =>
  `${name} does not take registrations here: use the invitation your careers service emailed you, or ask for access.`;

/**
 * Name and a university address: only the university's own domains register themselves, and not
 * even they when the university closed its self-registration, or allows single sign-on only (the
 * account is made at the first login).
 */
function registerSchema(
  university: { name: string; emailDomains: string[]; selfRegistrationOpen: boolean },
  ssoOnly: SsoRealm | null,
) {
  const domains = describeDomains(university.emailDomains);
  return z.object({
    name: FullNameField,
    email: EmailField.refine(() => university.selfRegistrationOpen, registrationClosed(university.name))
      .refine(
        (email) => emailDomainAllowed(email, university.emailDomains),
        domains
          ? `Use your ${university.name} email address, ending ${domains}. Studying there with another address? Ask for access instead`
          : `${university.name} does not take registrations by email address. Ask for access instead`,
      )
      .refine(
        () => !ssoOnly,
        `${university.name} accounts are made when you first log in with your university account: choose “Log in with ${university.name}” on the login page (${ssoOnly?.path}).`,
      ),
  });
}

export async function loadRegisterPage(universityParam: string, url: URL, context: Context) {
  const university = await universityOr404(context.get(dbContext), universityParam);
  return {
    university: { slug: university.slug, name: university.name, domains: describeDomains(university.emailDomains) },
    closed: university.selfRegistrationOpen ? null : registrationClosed(university.name),
    sent: url.searchParams.get("sent") === "1",
  };
}

/** /register-uni/{university_id} is the same registration in the university's colours (route table: brandedByPath). */
const basePath = (pattern: string) => (pattern.startsWith("/register-uni/") ? "/register-uni" : "/register");

export async function register(request: Request, universityParam: string, pattern: string, context: Context) {
  const university = await universityOr404(context.get(dbContext), universityParam);
  const realm = await ssoRealmOfUniversity(context.get(dbContext), university.slug);
  return receivePublicForm({
    request,
    ...limits(context),
    kept: ["name", "email"],
    schema: registerSchema(university, realm?.mode === "sso_only" ? realm : null),
    store: (input) =>
      startRegistration(accountDeps(request, context), university, input, {
        referralSlug: referralOf(request),
      }),
    // The same answer whether the address is new, unfinished or already has an account.
    sent: `${basePath(pattern)}/${university.slug}?sent=1`,
  });
}

export async function loadAlumniRegistration(universityParam: string, url: URL, context: Context) {
  return {
    ...(await loadUniversityForm(universityParam, url, context)),
    thisYear: context.get(clockContext)().getUTCFullYear(),
  };
}

export async function registerAlumnus(request: Request, universityParam: string, context: Context) {
  const university = await universityOr404(context.get(dbContext), universityParam);
  return receivePublicForm({
    request,
    ...limits(context),
    kept: ALUMNI_FIELDS,
    schema: alumniSchema(context.get(clockContext)()),
    store: ({ name, email, course, graduation_year }) =>
      startRegistration(
        accountDeps(request, context),
        university,
        { name, email },
        { alumni: { course, graduationYear: graduation_year } },
      ),
    // The same answer whether the address is new, unfinished or already has an account.
    sent: `/alumni-student-registration/${university.slug}?sent=1`,
  });
}

export async function registerPredeparture(request: Request, universityParam: string, context: Context) {
  const university = await universityOr404(context.get(dbContext), universityParam);
  return receivePublicForm({
    request,
    ...limits(context),
    kept: PREDEPARTURE_FIELDS,
    schema: predepartureSchema(context.get(clockContext)()),
    store: ({ name, email, course, course_start }) =>
      startRegistration(
        accountDeps(request, context),
        university,
        { name, email },
        { predeparture: { course, courseStartDate: course_start } },
      ),
    sent: `/jumpstart-register/${university.slug}?sent=1`,
  });
}

function universitiesByName(db: Db) {
  return db.select().from(universities).orderBy(asc(universities.name));
}

export async function loadStaffRegistration(url: URL, context: Context) {
  const choices = await universitiesByName(context.get(dbContext));
  return {
    universities: choices.map((u) => ({ value: u.slug, label: u.name })),
    sent: url.searchParams.get("sent") === "1",
  };
}

export async function registerStaff(request: Request, context: Context) {
  const choices = await universitiesByName(context.get(dbContext));
  return receivePublicForm({
    request,
    ...limits(context),
    kept: STAFF_FIELDS,
    schema: staffSchema(new Set(choices.map((u) => u.slug))),
    store: ({ university, name, email, job_title }) =>
      startRegistration(
        accountDeps(request, context),
        choices.find((u) => u.slug === university)!,
        { name, email },
        { staff: { jobTitle: job_title } },
      ),
    // The same answer whether the address is new, unfinished or already has an account.
    sent: "/university-user-registration?sent=1",
  });
}

export async function requestAccess(request: Request, universityParam: string, context: Context) {
  const university = await universityOr404(context.get(dbContext), universityParam);
  return receivePublicForm({
    request,
    limiter: context.get(rateLimiterContext),
    key: `access-request:client:${context.get(clientIpContext)}`,
    limit: ACCESS_REQUEST_LIMITS.client,
    alsoLimit: ({ email }) => ({
      key: `access-request:address:${university.id}:${email.toLowerCase()}`,
      limit: ACCESS_REQUEST_LIMITS.address,
    }),
    what: "requests",
    kept: ACCESS_REQUEST_FIELDS,
    schema: AccessRequestSchema,
    store: (input) => submitAccessRequest(accountDeps(request, context), university, input),
    sent: `/request-access/${university.slug}?sent=1`,
  });
}
