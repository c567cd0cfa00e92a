import { isbot } from "isbot";
import { data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { recordEvent } from "~/db/events.server";
import { accessContext } from "~/features/access/context";
import { closedOn, jobBySlug } from "~/features/jobs/page.server";
import { todayInLondon } from "~/features/sponsors/freshness";
import { clockContext } from "~/lib/context";
import type { Route } from "./+types/job-apply";

/**
 * The job page's apply button: records that a member applied (for their university's analytics)
 * and sends them on to the employer's own address, the one the job was imported with, so it
 * cannot send anyone elsewhere. Crawlers are sent on without a record.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const job = await jobBySlug(db, params.slug);
  if (!job) throw data("No such job.", { status: 404 });
  const target = job.applyUrl ?? (job.applyEmail ? `mailto:${job.applyEmail}` : null);
  const now = context.get(clockContext)();
  if (closedOn(job, todayInLondon(now)) || !target) throw redirect(`/jobs/${job.slug}`, 303);
  const user = context.get(accessContext).user;
  if (user && !isbot(request.headers.get("user-agent"))) {
    await recordEvent(db, { kind: "job.applied", at: now, userId: user.id, universityId: user.universityId, jobPostingId: job.id });
  }
  return redirect(target, { status: 302, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
}
