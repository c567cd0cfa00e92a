import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { SYSTEM_ACTOR, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { employerOrganisations, sponsorOrganisations, users } from "~/db/schema";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import { VERIFIED_SPONSOR_LABEL } from "~/features/jobs";

type Deps = { db: Db; outbox: Outbox; now: Date; origin: string };

/**
 * After a new register is imported: a verified organisation whose chosen entry has left the register
 * loses its "Verified licensed sponsor" badge (`licence_lost_at`), and its active people are told,
 * once; one whose entry is back has it again. Its jobs are judged again by the recompute every import
 * runs next (an employer's job is judged on its organisation's entry). Audited as the system's doing.
 */
export async function checkEmployerLicences({ db, outbox, now, origin }: Deps) {
  const organisations = await db
    .select({
      id: employerOrganisations.id,
      name: employerOrganisations.name,
      lostAt: employerOrganisations.licenceLostAt,
      onRegister: sql<boolean>`${sponsorOrganisations.id} is not null`,
    })
    .from(employerOrganisations)
    .leftJoin(sponsorOrganisations, eq(sponsorOrganisations.orgKey, employerOrganisations.registerOrgKey))
    .where(and(isNotNull(employerOrganisations.verifiedAt), isNotNull(employerOrganisations.registerOrgKey)));
  const lost = organisations.filter((o) => !o.onRegister && !o.lostAt);
  const regained = organisations.filter((o) => o.onRegister && o.lostAt);
  if (!lost.length && !regained.length) return { lost: 0, regained: 0 };
  await db.transaction(async (tx) => {
    for (const o of [...lost, ...regained]) {
      const losing = !o.onRegister;
      // Only a row still as read changes: another instance's check of the same import did the rest.
      const [changed] = await tx
        .update(employerOrganisations)
        .set({ licenceLostAt: losing ? now : null })
        .where(
          and(
            eq(employerOrganisations.id, o.id),
            losing ? isNull(employerOrganisations.licenceLostAt) : isNotNull(employerOrganisations.licenceLostAt),
          ),
        )
        .returning({ id: employerOrganisations.id });
      if (!changed) continue;
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: losing ? "employer.licence_lost" : "employer.licence_regained",
        target: { type: "employer_organisation", id: o.id },
        before: { licensed: losing },
        after: { licensed: !losing },
        at: now,
      });
      if (!losing) continue;
      const people = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(
          and(eq(users.employerOrganisationId, o.id), eq(users.accessStatus, "active"), isNotNull(users.passwordHash)),
        );
      await outbox.queueMany(
        tx,
        people.map((p) => ({
          kind: "employer-licence-lost",
          to: p.email,
          universityId: null,
          email: composeEmail({
            subject: `${o.name} is no longer on the register of licensed sponsors`,
            greeting: greetingFor(p.name),
            paragraphs: [
              `The Home Office's newest register of licensed sponsors no longer lists ${o.name}'s entry, so your jobs no longer carry the "${VERIFIED_SPONSOR_LABEL}" badge, and their sponsorship verdicts have been judged again.`,
              "If your licence is still valid, the badge comes back once a register lists it again. Reply to this email if you think the register is wrong.",
            ],
            action: { label: "Open your dashboard", url: `${origin}/employer-dashboard` },
          }),
        })),
      );
    }
  });
  outbox.flush();
  return { lost: lost.length, regained: regained.length };
}
