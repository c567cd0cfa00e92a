import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { type AccessRequest, type University, accessRequests, users } from "~/db/schema";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import { careersContact } from "~/features/auth";
import type { Limit } from "~/lib/rate-limit";
import { brandOf } from "./university.server";
import { setupAccountPath } from "./registration.server";
import { issueToken } from "~/db/tokens.server";
import type { AccessRequestSchema } from "./access-request-schema";

export const ACCESS_REQUEST_LIMITS: { address: Limit; client: Limit } = {
  address: { max: 3, windowSeconds: 24 * 60 * 60 },
  client: { max: 10, windowSeconds: 60 * 60 },
};

type Deps = { db: Db; outbox: Outbox; now: Date; origin: string };

/**
 * Records a request for access (a pending one for the same address and university is brought up to
 * date instead of repeated) and acknowledges it by email.
 */
export async function submitAccessRequest(
  { db, outbox }: Deps,
  university: University,
  input: z.output<typeof AccessRequestSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: accessRequests.id })
      .from(accessRequests)
      .where(
        and(
          eq(accessRequests.universityId, university.id),
          eq(accessRequests.status, "pending"),
          sql`lower(${accessRequests.email}) = ${input.email.toLowerCase()}`,
        ),
      )
      .for("update");
    const values = { name: input.name, email: input.email, studentNumber: input.student_number, course: input.course };
    if (pending) await tx.update(accessRequests).set(values).where(eq(accessRequests.id, pending.id));
    else await tx.insert(accessRequests).values({ ...values, universityId: university.id });
    const brand = brandOf(university);
    await outbox.queue(tx, {
      kind: "access-request-received",
      to: input.email,
      universityId: university.id,
      email: composeEmail(
        {
          subject: `We have your request for ${brand.name} careers`,
          greeting: greetingFor(input.name),
          paragraphs: [
            `${brand.name} will check your request for access to its careers platform. We will email you as soon as they decide.`,
            `You asked with student number ${input.student_number} for ${input.course}.`,
          ],
          after: ["If you did not ask for this, ignore this email: nothing happens without the university's approval."],
        },
        brand,
      ),
    });
  });
  outbox.flush();
}

/** A university's requests waiting for a decision, oldest first. */
export function pendingAccessRequests(db: Db, universityId: number): Promise<AccessRequest[]> {
  return db
    .select()
    .from(accessRequests)
    .where(and(eq(accessRequests.universityId, universityId), eq(accessRequests.status, "pending")))
    .orderBy(asc(accessRequests.createdAt), asc(accessRequests.id));
}

export type Decision = "approve" | "refuse";
export type DecisionOutcome = { ok: true; name: string } | { ok: false; status: 404 | 409; message: string };

/**
 * An admin's decision on a request of their own university, which the caller passes (a request of
 * any other answers 404, as if it did not exist). Approving makes a student account without a password and emails a one-time link to choose
 * one; an address that already has an account is told to log in instead. Refusing emails the
 * careers service's contact.
 */
export async function decideAccessRequest(
  deps: Deps,
  admin: AuditActor & { id: number },
  university: University,
  requestId: number,
  decision: Decision,
): Promise<DecisionOutcome> {
  const { db, outbox, now, origin } = deps;
  const outcome = await db.transaction(async (tx): Promise<DecisionOutcome> => {
    const [request] = await tx
      .select()
      .from(accessRequests)
      .where(and(eq(accessRequests.id, requestId), eq(accessRequests.universityId, university.id)))
      .for("update");
    if (!request) return { ok: false, status: 404, message: "No request of your university has this number." };
    if (request.status !== "pending")
      return { ok: false, status: 409, message: `${request.name}'s request was already ${request.status}.` };
    const status = decision === "approve" ? ("approved" as const) : ("refused" as const);
    await tx
      .update(accessRequests)
      .set({ status, decidedBy: admin.id, decidedAt: now })
      .where(eq(accessRequests.id, request.id));
    await recordAudit(tx, {
      actor: admin,
      action: `access_request.${status}`,
      universityId: university.id,
      target: { type: "access_request", id: request.id },
      before: { status: request.status },
      after: { status },
      at: now,
    });
    const brand = brandOf(university);
    const greeting = greetingFor(request.name);
    if (decision === "refuse") {
      const contact = careersContact(university);
      await outbox.queue(tx, {
        kind: "access-request-refused",
        to: request.email,
        universityId: university.id,
        email: composeEmail(
          {
            subject: `Your request for ${brand.name} careers`,
            greeting,
            paragraphs: [
              `${brand.name} could not approve your request for access to its careers platform.`,
              contact.email || contact.url
                ? `If you think this is a mistake, contact the careers service: ${[contact.email, contact.url].filter(Boolean).join(" or ")}.`
                : "If you think this is a mistake, contact your university's careers service.",
            ],
          },
          brand,
        ),
      });
      return { ok: true, name: request.name };
    }
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${request.email.toLowerCase()}`);
    if (existing) {
      await outbox.queue(tx, {
        kind: "access-request-approved-existing",
        to: request.email,
        universityId: university.id,
        email: composeEmail(
          {
            subject: `Your request for ${brand.name} careers is approved`,
            greeting,
            paragraphs: [`${brand.name} approved your request. This address already has an account: log in with it.`],
            action: { label: "Log in", url: `${origin}/login` },
            after: [`Forgotten your password? Choose a new one: ${origin}/forgot-password/${university.slug}`],
          },
          brand,
        ),
      });
      return { ok: true, name: request.name };
    }
    const [user] = await tx
      .insert(users)
      .values({
        email: request.email,
        name: request.name,
        role: "student",
        universityId: university.id,
        passwordHash: null,
      })
      .returning({ id: users.id });
    const token = await issueToken(tx, { userId: user!.id, purpose: "verify_email" }, now);
    await outbox.queue(tx, {
      kind: "access-request-approved",
      to: request.email,
      universityId: university.id,
      email: composeEmail(
        {
          subject: `Your request for ${brand.name} careers is approved`,
          greeting,
          paragraphs: [
            `${brand.name} approved your request for access to its careers platform. Choose a password to start.`,
          ],
          action: { label: "Choose my password", url: `${origin}${setupAccountPath(request.email, token)}` },
          after: ["The link works once, for 24 hours. If it has expired, ask for a new one with Forgot your password."],
        },
        brand,
      ),
    });
    return { ok: true, name: request.name };
  });
  if (outcome.ok) outbox.flush();
  return outcome;
}
