import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Limit } from "~/db/rate-limiter.server";
import { requireStudent } from "~/features/access/index.server";
import { clockContext, configContext } from "~/lib/context";
import { todayInLondon } from "~/lib/dates";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf, keptValues } from "~/lib/request-body.server";
import { type FormAnswer, validate } from "~/lib/validation";
import { applicableJob, applicationsOf, applyWithCv, cvChoices, withdrawApplication } from "./applications.server";
import { ApplySchema } from "./schema";
import { APPLY_FIELDS, type ApplyField, MY_APPLICATIONS_PATH } from "./values";

type Context = Readonly<RouterContextProvider>;

/** Applications a student may send in an hour: each renders their CV to PDF, a few tenths of a second of the server's time. */
export const APPLY_LIMIT: Limit = { max: 20, windowSeconds: 60 * 60 };

/** /my-applications: the student's applications, newest first, each with its job and status. */
export async function loadMyApplications(context: Context) {
  const student = requireStudent(context);
  const rows = await applicationsOf(context.get(dbContext), student.id);
  return {
    applications: rows.map((a) => ({
      ...a,
      createdAt: a.createdAt.toISOString(),
      statusChangedAt: a.statusChangedAt.toISOString(),
    })),
  };
}

export type MyApplicationsData = Awaited<ReturnType<typeof loadMyApplications>>;

/** A refused application, shown again on this page with what was typed: the job, the CVs to choose from, the errors. */
export type ApplyAnswer = FormAnswer<ApplyField> & {
  job: { slug: string; title: string; employer: string } | null;
  cvs: { id: number; name: string }[];
};
export type MyApplicationsAnswer = { apply?: ApplyAnswer; error?: string };

const done = (context: Context, message: string) =>
  redirect(MY_APPLICATIONS_PATH, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
  });

/**
 * The posts of /my-applications: "Apply with your CV" from a job's page (which posts here), and
 * "Withdraw". Only an active student account acts; a refused application stores nothing.
 */
export async function myApplicationsAction(request: Request, context: Context) {
  const student = requireStudent(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const problem = (answer: MyApplicationsAnswer, status: number, headers?: HeadersInit) =>
    data(answer, { status, headers });

  return dispatchIntent(
    form,
    {
      apply: async () => {
        const values = keptValues(form, ["slug", ...APPLY_FIELDS]);
        const today = todayInLondon(now);
        const job = await applicableJob(db, values.slug, today);
        const refuse = async (
          fieldErrors: ApplyAnswer["fieldErrors"],
          formError: string | null,
          status: number,
          headers?: HeadersInit,
        ) =>
          problem(
            { apply: { fieldErrors, formError, values, job, cvs: await cvChoices(db, student) } },
            status,
            headers,
          );
        if (!job) return refuse({}, "This job does not take applications here (it may have closed).", 404);
        const checked = validate<typeof ApplySchema, ApplyField>(ApplySchema, values);
        if (!checked.success) return refuse(checked.fieldErrors, null, 400);
        // Counted once the form is valid, before the CV is rendered.
        const wait = await context.get(rateLimiterContext).spend(`applications:user:${student.id}`, APPLY_LIMIT);
        if (wait)
          return refuse({}, `Too many applications in an hour. Try again in ${Math.ceil(wait / 60)} minutes.`, 429, {
            "Retry-After": String(wait),
          });
        const outcome = await applyWithCv(
          db,
          student,
          { slug: job.slug, cvId: checked.data.cv, note: checked.data.note },
          now,
          today,
        );
        if (outcome.ok) return done(context, `Your application for ${job.title} at ${job.employer} was sent.`);
        if (outcome.reason === "duplicate")
          return refuse({}, `You have already applied for ${job.title}: see it below.`, 409);
        if (outcome.reason === "no-cv") return refuse({ cv: "Choose one of your CVs" }, null, 400);
        return refuse({}, "This job does not take applications here (it may have closed).", 404);
      },
      withdraw: async () => {
        const id = Number(form.get("application"));
        if (!Number.isSafeInteger(id) || id <= 0 || !(await withdrawApplication(db, student.id, id, now)))
          return problem({ error: "That application could not be found, or is withdrawn already." }, 404);
        return done(context, "Application withdrawn. The employer can no longer open your CV.");
      },
    },
    async () => problem({ error: "That action is not known. Reload the page and try again." }, 400),
  );
}
