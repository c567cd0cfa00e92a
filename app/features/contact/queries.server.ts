import type { Db } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import { composeEmail } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import type { Limit } from "~/lib/rate-limit";

/** Enquiries each client address may send in a window. */
export const CONTACT_LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };

export const contactRateKey = (ip: string) => `contact:ip:${ip}`;

/** The public forms that end in the `enquiries` table, with the name the team's email gives each. */
export const ENQUIRY_KINDS = {
  contact: "Contact us",
  "partner-with-us": "Partner with us",
  "campus-ambassadors": "Campus ambassadors",
} as const;
export type EnquiryKind = keyof typeof ENQUIRY_KINDS;

/** One of a form's own answers: stored under `key` in `details`, shown to the team as "label: value" (or `shown`, its words). */
export type EnquiryDetail = { key: string; label: string; value: string; shown?: string };

export type Enquiry = {
  kind: EnquiryKind;
  name: string;
  email: string;
  /** E.164, when the form asks for a phone. */
  phone?: string | null;
  subject: string;
  message: string;
  details?: readonly EnquiryDetail[];
};

/** Where an enquiry came from: the microsite it was sent on, and the sender when logged in. */
export type EnquiryOrigin = { universityId: number | null; userId: number | null; universityName?: string | null };

export type EnquiryDeps = { db: Db; outbox: Outbox; teamEmail: string };

/** The team's copy of an enquiry: everything the sender gave, and Reply-To so that a reply reaches them. */
function teamEmail(e: Enquiry, origin: EnquiryOrigin) {
  const form = ENQUIRY_KINDS[e.kind];
  const answered = (e.details ?? []).filter((d) => d.value);
  return composeEmail({
    subject: `${form}: ${e.subject}`,
    greeting: "Hello team,",
    paragraphs: [
      `${e.name} (${e.email}) sent this through the ${form} form${origin.universityName ? ` on the ${origin.universityName} microsite` : ""}.`,
      ...(e.phone ? [`Phone: ${e.phone}`] : []),
      ...answered.map((d) => `${d.label}: ${d.shown ?? d.value}`),
      `Subject: ${e.subject}`,
      // The message's own paragraphs, as they typed them.
      ...e.message
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
    ],
    after: [`Reply to this email to answer ${e.name}: it goes to ${e.email}.`],
  });
}

/**
 * Stores an enquiry of any public form and queues its email to the team, in one transaction: both
 * are kept or neither is. Sends the email at once after the commit.
 */
export async function recordEnquiry(deps: EnquiryDeps, enquiry: Enquiry, origin: EnquiryOrigin): Promise<number> {
  const details = enquiry.details?.length
    ? Object.fromEntries(enquiry.details.filter((d) => d.value).map((d) => [d.key, d.value]))
    : null;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enquiries)
      .values({
        kind: enquiry.kind,
        name: enquiry.name,
        email: enquiry.email,
        phone: enquiry.phone ?? null,
        subject: enquiry.subject,
        message: enquiry.message,
        details,
        universityId: origin.universityId,
        userId: origin.userId,
      })
      .returning({ id: enquiries.id });
    await deps.outbox.queue(tx, {
      kind: `enquiry.${enquiry.kind}`,
      to: deps.teamEmail,
      universityId: origin.universityId,
      email: teamEmail(enquiry, origin),
      // The address passed the form's email check, so it holds no line break to inject a header with.
      headers: { "Reply-To": enquiry.email },
    });
    return row!.id;
  });
  deps.outbox.flush();
  return id;
}
