import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import type { ApplicationStatus } from "~/db/schema";
import { accessContext, forRole } from "~/features/access";
import { loadJobPage } from "~/features/jobs/index.server";
import { clockContext } from "~/lib/context";
import { todayInLondon } from "~/lib/dates";
import { applicableJob, applicationTo, cvChoices } from "./applications.server";

type Context = Readonly<RouterContextProvider>;

/**
 * What "Apply with your CV" shows on an employer's job: a visitor is asked to log in, an account that
 * is not an active student's is told who can apply, a student who applied sees where it stands, one
 * without a CV is sent to the builder, and the others choose a CV. Null for a feed's job (its external
 * apply link stays) and for a job that takes no applications.
 */
export type ApplyPanelData =
  | { kind: "visitor"; slug: string }
  | { kind: "not-student" }
  | { kind: "applied"; status: ApplicationStatus; appliedAt: string }
  | { kind: "no-cv" }
  | { kind: "ready"; slug: string; cvs: { id: number; name: string }[] };

async function applyPanel(context: Context, slug: string): Promise<ApplyPanelData | null> {
  const db = context.get(dbContext);
  const job = await applicableJob(db, slug, todayInLondon(context.get(clockContext)()));
  if (!job) return null;
  const { user, state } = context.get(accessContext);
  if (!user) return { kind: "visitor", slug: job.slug };
  if (forRole("student", state).kind !== "open") return { kind: "not-student" };
  const applied = await applicationTo(db, user.id, job.id);
  if (applied) return { kind: "applied", status: applied.status, appliedAt: applied.createdAt.toISOString() };
  const cvs = await cvChoices(db, user);
  return cvs.length ? { kind: "ready", slug: job.slug, cvs } : { kind: "no-cv" };
}

/** A job's page, with "Apply with your CV" when the job is an employer's own. */
export async function loadJobPageWithApplication(slug: string, context: Context) {
  const page = await loadJobPage(slug, context);
  return { ...page, application: await applyPanel(context, slug) };
}
