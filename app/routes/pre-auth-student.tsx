import { eq } from "drizzle-orm";
import { Link } from "react-router";
import { dbContext } from "~/db/context";
import { studentProfiles, universities, users } from "~/db/schema";
import { requireUser } from "~/features/access/require-user.server";
import { askedFor } from "~/features/accounts/approvals.server";
import { careersContact } from "~/features/auth/account-help";
import { pageTitle } from "~/lib/meta";
import { ROLE_HOME } from "~/lib/roles";
import type { Route } from "./+types/pre-auth-student";

/** Where an account its university has not approved (yet) lands: what it asked for, and where that stands. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context, undefined, { inactiveToo: true });
  const [account] = await context
    .get(dbContext)
    .select({
      email: users.email,
      role: users.role,
      status: users.accessStatus,
      jobTitle: users.jobTitle,
      decidedAt: users.accessDecidedAt,
      alumniGraduationYear: studentProfiles.alumniGraduationYear,
      course: studentProfiles.course,
      university: universities,
    })
    .from(users)
    .leftJoin(universities, eq(universities.id, users.universityId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, user.id));
  return {
    status: account!.status,
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

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

export default function PreAuthStudent({ loaderData }: Route.ComponentProps) {
  const { status, email, askedFor, home, universityName, contact, decidedAt } = loaderData;
  if (status === "active") {
    return (
      <div className="mx-auto max-w-xl">
        <h1 className="text-3xl font-bold">Your account is active</h1>
        <p className="mt-3">{`${universityName} has approved your account: everything is open to you.`}</p>
        <p className="mt-6">
          <Link to={home} className="text-brand underline">
            Go to your dashboard
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl">
      {status === "awaiting_approval" ? (
        <>
          <h1 className="text-3xl font-bold">Your account is waiting for approval</h1>
          <p className="mt-3">{`${universityName} checks every account of this kind before it opens. We will email ${email} as soon as they decide; until then this page shows where it stands.`}</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold">Your account was not approved</h1>
          <p className="mt-3">{`${universityName} could not approve your account${decidedAt ? ` (${dateFormat.format(new Date(decidedAt))})` : ""}.`}</p>
          <p className="mt-3">
            {contact.email || contact.url ? "If you think this is a mistake, contact the careers service: " : "If you think this is a mistake, contact your university's careers service."}
            {contact.email ? (
              <a href={`mailto:${contact.email}`} className="text-brand underline">
                {contact.email}
              </a>
            ) : null}
            {contact.email && contact.url ? " or " : null}
            {contact.url ? (
              <a href={contact.url} className="text-brand underline">
                {contact.url}
              </a>
            ) : null}
            {contact.email || contact.url ? "." : null}
          </p>
        </>
      )}
      <dl className="mt-6 rounded border border-slate-300 p-4">
        <dt className="font-semibold">You asked for</dt>
        <dd>{askedFor}</dd>
        <dt className="mt-2 font-semibold">University</dt>
        <dd>{universityName}</dd>
      </dl>
      <p className="mt-6">
        Your account holds only what you gave us.{" "}
        <a href="/account/your-data.json" className="text-brand underline" download>
          Download your data
        </a>{" "}
        or{" "}
        <Link to="/account/delete" className="text-brand underline">
          delete your account
        </Link>
        .
      </p>
    </div>
  );
}
