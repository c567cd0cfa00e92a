import { eq } from "drizzle-orm";
import { dbContext } from "~/db/context";
import { studentProfiles, universities, users } from "~/db/schema";
import { requireUser } from "~/features/access/require-user.server";
import { askedFor } from "~/features/accounts/approvals.server";
import { AccountStatus } from "~/features/accounts/components/account-status";
import { careersContact } from "~/features/auth/account-help";
import { clockContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import { ROLE_HOME } from "~/lib/roles";
import type { Route } from "./+types/pre-auth-student";

/** Where an account its university has not approved (yet) lands: what it asked for, and where that stands. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context, { inactiveToo: true });
  const [account] = await context
    .get(dbContext)
    .select({
      email: users.email,
      role: users.role,
      status: users.accessStatus,
      jobTitle: users.jobTitle,
      decidedAt: users.accessDecidedAt,
      expiresAt: users.accessExpiresAt,
      alumniGraduationYear: studentProfiles.alumniGraduationYear,
      course: studentProfiles.course,
      university: universities,
    })
    .from(users)
    .leftJoin(universities, eq(universities.id, users.universityId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, user.id));
  const { status, expiresAt } = account!;
  const ended = status === "active" && expiresAt !== null && expiresAt <= context.get(clockContext)();
  return {
    status: ended ? ("expired" as const) : status,
    expiresAt: expiresAt?.toISOString() ?? null,
    email: account!.email,
    askedFor: askedFor(account!),
    home: ROLE_HOME[account!.role],
    universityName: account!.university?.name ?? "Your university",
    contact: account!.university ? careersContact(account!.university) : { email: null, url: null },
    decidedAt: account!.decidedAt?.toISOString() ?? null,
  };
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Your account's status") }, { name: "robots", content: "noindex" }];
}

export default function PreAuthStudent({ loaderData }: Route.ComponentProps) {
  return <AccountStatus {...loaderData} />;
}
