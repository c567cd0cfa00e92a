import { isbot } from "isbot";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import "~/lib/zod-jitless";
import { dbContext } from "~/db/context";
import { recordDailyUse, recordEvent } from "~/db/events.server";
import { accessContext } from "~/features/access";
import { jobBySlug } from "~/features/jobs/index.server";
import { clockContext } from "~/lib/context";
import { type Answer, refused } from "~/lib/json-api.server";
import { formOf } from "~/lib/request-body.server";
import type { PageView } from "~/lib/use-page-view";

/** What the browser reports (usePageView), checked here: a job by its slug, or a tool. */
const PageViewSchema = z.discriminatedUnion("page", [
  z.object({ page: z.literal("job"), job: z.string().regex(/^[a-z0-9-]{1,200}$/, "A job's slug") }),
  z.object({ page: z.literal("sponsor-checker") }),
  z.object({ page: z.literal("au-points") }),
]) satisfies z.ZodType<PageView>;

/**
 * Records that a member saw a page, as their browser reports once it shows it: a GET writes nothing,
 * so the analytics' views come this way (a job's view each time; a tool's use once a UK day).
 * Visitors and crawlers are not recorded; the answer is the same (a beacon reads none).
 */
export async function recordPageView(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Answer | Response> {
  const parsed = PageViewSchema.safeParse(Object.fromEntries(await formOf(request)));
  if (!parsed.success)
    return refused(
      400,
      "The page view is not valid",
      parsed.error.issues.map((i) => ({ field: i.path.join(".") || null, reason: i.message })),
    );
  const user = context.get(accessContext).user;
  const done = new Response(null, { status: 204 });
  if (!user || isbot(request.headers.get("user-agent"))) return done;
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const view = parsed.data;
  if (view.page === "job") {
    const job = await jobBySlug(db, view.job);
    if (!job) return refused(404, "No job has this slug", [{ field: "job", reason: "No job has this slug" }]);
    await recordEvent(db, {
      kind: "job.viewed",
      at: now,
      userId: user.id,
      universityId: user.universityId,
      jobPostingId: job.id,
    });
  } else {
    await recordDailyUse(db, view.page === "au-points" ? "points.calculated" : "sponsor.checked", user, now);
  }
  return done;
}
