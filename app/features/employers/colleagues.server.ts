import { and, asc, eq, sql } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import { actorOf, recordAudit } from "~/db/audit.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import { users } from "~/db/schema";
import { siteOrigin } from "~/features/access/index.server";
import { queueConfirmation } from "~/features/accounts/index.server";
import { sessionsContext } from "~/features/auth";
import { outboxContext } from "~/features/email";
import { EmailField } from "~/lib/email-field";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { FullNameField } from "~/lib/name-field";
import type { Limit } from "~/lib/rate-limit";
import { formOf } from "~/lib/request-body.server";
import { type FormAnswer, validate } from "~/lib/validation";
import { emailMatchesDomain } from "./verification";
import { ownOrganisation } from "./own-organisation.server";

type Context = Readonly<RouterContextProvider>;
export const COLLEAGUES_PATH = "/employer/colleagues";
/** Invitations an organisation's person may send a day: enough for a team, not for a mailing list. */
export const INVITE_LIMIT: Limit = { max: 20, windowSeconds: 24 * 60 * 60 };

/** /employer/colleagues: the organisation's people, and inviting one more (verified organisations only). */
export async function loadColleagues(context: Context) {
  const { employer, organisation } = await ownOrganisation(context);
  const people = await context
    .get(dbContext)
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      joined: sql<boolean>`${users.passwordHash} is not null`,
      active: sql<boolean>`${users.accessStatus} = 'active'`,
    })
    .from(users)
    .where(and(eq(users.employerOrganisationId, organisation.id), eq(users.role, "employer")))
    .orderBy(asc(users.name), asc(users.id));
  return {
    organisation: { name: organisation.name, websiteDomain: organisation.websiteDomain },
    verified: organisation.verifiedAt !== null,
    me: employer.id,
    people,
  };
}
export type ColleaguesData = Awaited<ReturnType<typeof loadColleagues>>;
export type InviteAnswer = FormAnswer<"name" | "email">;

const InviteSchema = z.object({ name: FullNameField, email: EmailField });
const PersonSchema = z.object({ person: z.coerce.number().int().positive() });

/** The page's posts: `invite` a colleague, `remove` one (their account is deactivated and their sessions end). */
export async function colleaguesAction(request: Request, context: Context) {
  const { employer, organisation } = await ownOrganisation(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const actor = actorOf(employer, context);
  const refuse = (status: number, answer: Partial<InviteAnswer>) =>
    data<InviteAnswer>({ fieldErrors: {}, formError: null, ...answer }, { status });
  const done = (message: string) =>
    redirect(COLLEAGUES_PATH, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
    });
  // An organisation not yet verified holds no powers: it cannot bring more people in, nor take them out.
  if (!organisation.verifiedAt)
    return refuse(403, { formError: "Your organisation is not verified yet, so it cannot invite colleagues." });

  return dispatchIntent(
    form,
    {
      async invite() {
        const parsed = validate(InviteSchema, { name: form.get("name"), email: form.get("email") });
        if (!parsed.success) return refuse(400, { fieldErrors: parsed.fieldErrors });
        const { name, email } = parsed.data;
        if (!emailMatchesDomain(email, organisation.websiteDomain))
          return refuse(400, {
            fieldErrors: {
              email: `Enter a work address at ${organisation.websiteDomain}, your organisation's website`,
            },
          });
        const wait = await context.get(rateLimiterContext).spend(`employer-invite:${employer.id}`, INVITE_LIMIT);
        if (wait) return refuse(429, { formError: "You have sent many invitations today. Try again tomorrow." });
        const outbox = context.get(outboxContext);
        const outcome = await db.transaction(async (tx) => {
          const [existing] = await tx
            .select({
              id: users.id,
              role: users.role,
              accessStatus: users.accessStatus,
              name: users.name,
              organisation: users.employerOrganisationId,
              joined: sql<boolean>`${users.passwordHash} is not null`,
            })
            .from(users)
            .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
            .for("update");
          // Someone invited who has not joined yet gets a new link; any other account is left alone.
          if (existing && (existing.organisation !== organisation.id || existing.joined)) return "exists" as const;
          const [account] = existing
            ? [existing]
            : await tx
                .insert(users)
                .values({
                  email,
                  name,
                  role: "employer",
                  accessStatus: "active",
                  employerOrganisationId: organisation.id,
                  passwordHash: null,
                })
                .returning({ id: users.id, role: users.role, accessStatus: users.accessStatus, name: users.name });
          await queueConfirmation(
            tx,
            outbox,
            { ...account!, email },
            null,
            siteOrigin(context),
            now,
            `${employer.name} invited you to join ${organisation.name}'s employer account, to post jobs for international students,`,
          );
          await recordAudit(tx, {
            actor,
            action: "employer.colleague_invited",
            target: { type: "user", id: account!.id },
            before: {},
            after: { email, employerOrganisationId: organisation.id },
            at: now,
          });
          return "invited" as const;
        });
        if (outcome === "exists")
          return refuse(409, {
            fieldErrors: { email: "That address already has an account, so it cannot be invited" },
          });
        outbox.flush();
        return done(`We emailed ${email} an invitation to join ${organisation.name}.`);
      },
      async remove() {
        const parsed = PersonSchema.safeParse({ person: form.get("person") });
        if (!parsed.success) return refuse(400, { formError: "Choose a colleague to remove" });
        const id = parsed.data.person;
        if (id === employer.id) return refuse(400, { formError: "You cannot remove yourself." });
        const sessions = context.get(sessionsContext);
        const removed = await db.transaction(async (tx) => {
          const [person] = await tx
            .update(users)
            .set({ accessStatus: "deactivated", updatedAt: now })
            .where(
              and(
                eq(users.id, id),
                eq(users.employerOrganisationId, organisation.id),
                eq(users.role, "employer"),
                eq(users.accessStatus, "active"),
              ),
            )
            .returning({ id: users.id, name: users.name });
          if (!person) return null;
          await sessions.revokeAllOf(tx, person.id);
          await recordAudit(tx, {
            actor,
            action: "employer.colleague_removed",
            target: { type: "user", id: person.id },
            before: { accessStatus: "active" },
            after: { accessStatus: "deactivated" },
            at: now,
          });
          return person;
        });
        // Another organisation's person, or one already removed: nothing of theirs is this page's.
        if (!removed) throw data(null, { status: 404 });
        sessions.forgetUser(removed.id);
        return done(`${removed.name} no longer has access to ${organisation.name}'s account.`);
      },
    },
    async () => refuse(400, { formError: "This button does nothing here. Reload the page and try again." }),
  );
}
