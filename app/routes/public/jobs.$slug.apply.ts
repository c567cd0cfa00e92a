import { isbot } from "isbot";
import { data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { recordEvent } from "~/db/events.server";
import { accessContext } from "~/features/access/context";
import { closedOn, jobBySlug } from "~/features/jobs/page.server";
import { todayInLondon } from "~/lib/dates";
import { clockContext } from "~/lib/context";
import { formOf } from "~/lib/request-body.server";
import type { Route } from "./+types/jobs.$slug.apply";

/**
 * The job page's apply button: sends the person on to the employer's own address, the one the job
 * was imported with, so it cannot send anyone elsewhere. The button posts, and the post records that
 * a member applied (for their university's analytics); a GET (an old link, a crawler) only sends on.
 */
async function apply({ request, params, context }: Route.LoaderArgs | Route.ActionArgs, record: boolean) {
  const db = context.get(dbContext);
  const job = await jobBySlug(db, params.slug);
  if (!job) throw data("No such job.", { status: 404 });
  const target = job.applyUrl ?? (job.applyEmail ? `mailto:${job.applyEmail}` : null);
  const now = context.get(clockContext)();
  if (closedOn(job, todayInLondon(now)) || !target) throw redirect(`/jobs/${job.slug}`, 303);
  const user = context.get(accessContext).user;
  if (record && user && !isbot(request.headers.get("user-agent"))) {
    await recordEvent(db, {
      kind: "job.applied",
      at: now,
      userId: user.id,
      universityId: user.universityId,
      jobPostingId: job.id,
    });
  }
  return redirect(target, {
    status: record ? 303 : 302,
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

export const loader = (args: Route.LoaderArgs) => apply(args, false);

export async function action(args: Route.ActionArgs) {
  await formOf(args.request);
  return apply(args, true);
}
