import { eq } from "drizzle-orm";
import { Form, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { universities } from "~/db/schema";
import { requireUser } from "~/features/access/require-user.server";
import { siteOrigin } from "~/features/access/site-url.server";
import { decideAccessRequest, pendingAccessRequests } from "~/features/accounts/access-requests.server";
import { outboxContext } from "~/features/email/context";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { pageTitle } from "~/lib/meta";
import { formOf } from "~/lib/request-body.server";
import type { Route } from "./+types/university-dashboard";

async function ownUniversity(context: Route.LoaderArgs["context"]) {
  const admin = requireUser(context, "university_admin");
  const [university] = admin.universityId ? await context.get(dbContext).select().from(universities).where(eq(universities.id, admin.universityId)) : [];
  // An admin account without a university has nothing to manage.
  if (!university) throw data(null, { status: 404 });
  return { admin, university };
}

export async function loader({ context }: Route.LoaderArgs) {
  const { admin, university } = await ownUniversity(context);
  const requests = await pendingAccessRequests(context.get(dbContext), university.id);
  return {
    firstName: admin.name.split(" ")[0] ?? admin.name,
    universityName: university.name,
    requests: requests.map((r) => ({ id: r.id, name: r.name, email: r.email, studentNumber: r.studentNumber, course: r.course, createdAt: r.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, university } = await ownUniversity(context);
  const form = await formOf(request);
  const id = Number(form.get("request"));
  const decide = async (decision: "approve" | "refuse") => {
    if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
    const outcome = await decideAccessRequest(
      { db: context.get(dbContext), outbox: context.get(outboxContext), now: context.get(clockContext)(), origin: siteOrigin(request, context) },
      admin.id,
      university,
      id,
      decision,
    );
    if (!outcome.ok) throw data(outcome.message, { status: outcome.status });
    const message = decision === "approve" ? `${outcome.name} is approved and has been emailed a link to choose a password.` : `${outcome.name}'s request is refused; they have been told by email.`;
    return redirect("/university-dashboard", { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });
  };
  return dispatchIntent(form, { approve: () => decide("approve"), refuse: () => decide("refuse") }, () => {
    throw data("Choose Approve or Refuse.", { status: 400 });
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("University dashboard") }, { name: "robots", content: "noindex" }];
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });

export default function UniversityDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, universityName, requests } = loaderData;
  return (
    <article>
      <h1 className="text-3xl font-bold">University dashboard</h1>
      <p className="mt-2 text-lg">{`Welcome back, ${firstName}.`}</p>
      <section aria-labelledby="requests-heading" className="mt-8">
        <h2 id="requests-heading" className="text-2xl font-semibold">
          Access requests
        </h2>
        {requests.length === 0 ? (
          <p className="mt-2 text-muted">{`No requests are waiting. Students whose address is not a ${universityName} one ask for access here.`}</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Requests for access waiting for your decision, oldest first</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">Name</th>
                  <th scope="col" className="py-2 pr-3">Email</th>
                  <th scope="col" className="py-2 pr-3">Student number</th>
                  <th scope="col" className="py-2 pr-3">Course</th>
                  <th scope="col" className="py-2 pr-3">Asked on</th>
                  <th scope="col" className="py-2">Decision</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((r) => (
                  <tr key={r.id} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-2 pr-3 font-medium">{r.name}</th>
                    <td className="py-2 pr-3 break-all">{r.email}</td>
                    <td className="py-2 pr-3">{r.studentNumber}</td>
                    <td className="py-2 pr-3">{r.course}</td>
                    <td className="py-2 pr-3">{dateFormat.format(new Date(r.createdAt))}</td>
                    <td className="py-2">
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="request" value={r.id} />
                        <button type="submit" name="intent" value="approve" aria-label={`Approve ${r.name}`} className="rounded bg-brand px-3 py-1.5 font-semibold text-white">
                          Approve
                        </button>
                        <button type="submit" name="intent" value="refuse" aria-label={`Refuse ${r.name}`} className="rounded border border-slate-500 px-3 py-1.5 font-semibold">
                          Refuse
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="analytics-heading" className="mt-10">
        <h2 id="analytics-heading" className="text-2xl font-semibold">
          Analytics
        </h2>
        <p className="mt-2 max-w-2xl text-muted">Your students' activity and outcomes are being built. Check back soon.</p>
      </section>
    </article>
  );
}
