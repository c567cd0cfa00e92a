import { type EnquiryDeps, type EnquiryOrigin, recordEnquiry } from "~/features/contact/queries.server";
import type { Limit } from "~/lib/rate-limit";
import { type AmbassadorInput, type PartnerInput, STUDENT_RANGES, graduationLabel } from "./forms";

/** Each public form of the help pages: 5 accepted a client address an hour, and 3 an email address a day. */
export const HELP_FORM_LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };
export const HELP_FORM_EMAIL_LIMIT: Limit = { max: 3, windowSeconds: 24 * 60 * 60 };

export type HelpForm = "partner" | "ambassador";
export const helpFormIpKey = (form: HelpForm, ip: string) => `${form}:ip:${ip}`;
// Addresses differ only in case as people type them; the mailbox is the same.
export const helpFormEmailKey = (form: HelpForm, email: string) => `${form}:email:${email.toLowerCase()}`;

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
        { key: "internationalStudents", label: "International students", value: input.students, shown: STUDENT_RANGES.find((r) => r.value === input.students)?.label },
      ],
    },
    origin,
  );
}

/** A student's application to be a campus ambassador: an enquiry of kind "campus-ambassadors", and the team told. */
export function recordAmbassadorApplication(deps: EnquiryDeps, input: AmbassadorInput, origin: EnquiryOrigin): Promise<number> {
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
        { key: "graduation", label: "Expected graduation", value: input.graduation, shown: graduationLabel(input.graduation) },
      ],
    },
    origin,
  );
}
