import { sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import { employerOrganisations, users } from "~/db/schema";
import { siteOrigin } from "~/features/access/index.server";
import { queueConfirmation, registrationLimits } from "~/features/accounts/index.server";
import { composeEmail, greetingFor, outboxContext } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import { clientIpContext, clockContext } from "~/lib/context";
import { receivePublicForm } from "~/lib/public-form.server";
import { EMPLOYER_FIELDS, type EmployerRegistration, EmployerRegistrationSchema } from "./registration-schema";

type Context = Readonly<RouterContextProvider>;
type Deps = { db: Db; outbox: Outbox; now: Date; origin: string };

export const EMPLOYER_REGISTER_PATH = "/employer/register";

/**
 * A new address gets its organisation and an employer account without a password, with the
 * registration's confirmation email (the one every account's address is confirmed by); an
 * unfinished employer registration gets a new link; any other account is told it exists.
 */
export async function registerEmployer({ db, outbox, now, origin }: Deps, input: EmployerRegistration): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        accessStatus: users.accessStatus,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
      .for("update");
    if (existing && !existing.passwordHash && existing.role === "employer") {
      await queueConfirmation(tx, outbox, existing, null, origin, now);
      return;
    }
    if (existing) {
      const email = composeEmail({
        subject: "You already have an account",
        greeting: greetingFor(existing.name),
        paragraphs: [
          "Someone, we hope you, asked to register an employer with this address. It already has an account, so nothing has changed.",
        ],
        action: { label: "Log in", url: `${origin}/login` },
      });
      await outbox.queue(tx, { kind: "registration-exists", to: existing.email, universityId: null, email });
      return;
    }
    const [organisation] = await tx
      .insert(employerOrganisations)
      .values({
        name: input.organisation_name,
        website: input.organisation_website,
        websiteDomain: input.websiteDomain,
        createdAt: now,
      })
      .returning({ id: employerOrganisations.id });
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        role: "employer",
        // The account is active once its address is confirmed; its powers wait for the organisation's verification.
        accessStatus: "active",
        employerOrganisationId: organisation!.id,
        passwordHash: null,
      })
      .returning({ id: users.id, role: users.role, accessStatus: users.accessStatus });
    await queueConfirmation(tx, outbox, { ...user!, name: input.name, email: input.email }, null, origin, now);
  });
  outbox.flush();
}

export function loadEmployerRegistration(url: URL) {
  return { sent: url.searchParams.get("sent") === "1" };
}

export function employerRegistrationAction(request: Request, context: Context) {
  return receivePublicForm({
    request,
    ...registrationLimits(context.get(rateLimiterContext), context.get(clientIpContext)),
    kept: EMPLOYER_FIELDS,
    schema: EmployerRegistrationSchema,
    store: (input) =>
      registerEmployer(
        {
          db: context.get(dbContext),
          outbox: context.get(outboxContext),
          now: context.get(clockContext)(),
          origin: siteOrigin(context),
        },
        input,
      ),
    // The same answer whether the address is new, unfinished or already has an account.
    sent: `${EMPLOYER_REGISTER_PATH}?sent=1`,
  });
}
