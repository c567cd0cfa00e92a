import { type RouterContextProvider, data, redirect } from "react-router";
import { actorOf, recordAudit } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { requireStaff } from "~/features/access/index.server";
import { freshCodeProblem } from "~/features/staff/index.server";
import { JOB_SOURCE_KINDS, NewSourceSchema, parseEvery } from "~/features/job-sources";
import {
  JOB_SOURCE_SORTS,
  addSource,
  jobSourceRunsContext,
  removeSource,
  setSourceEnabled,
  sourceWithRuns,
  sourcesPage,
} from "~/features/job-sources/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { containsPattern, listPage, readListQuery } from "~/lib/list-query";
import { formOf, keptValues } from "~/lib/request-body.server";
import { validate } from "~/lib/validation";
import { NEW_SOURCE_FIELDS, type NewSourceAnswer } from "./job-source-form";
import { backTo, unknownButton } from "./row-action.server";

type Context = Readonly<RouterContextProvider>;

/** /ops/job-sources: a page of the sources with their last runs, "Failing only" keeping those failing in a row. */
export async function loadJobSources(url: URL, context: Context) {
  requireStaff(context);
  const query = readListQuery(url, { sorts: JOB_SOURCE_SORTS, sort: "added", dir: "asc" });
  const failingOnly = url.searchParams.get("failing") === "1";
  const { rows, total } = await sourcesPage(context.get(dbContext), {
    failingOnly,
    pattern: query.q ? containsPattern(query.q) : null,
    sort: query.sort,
    dir: query.dir,
    offset: query.offset,
    limit: query.pageSize,
  });
  return { list: listPage(rows, total, query), failingOnly, kinds: JOB_SOURCE_KINDS };
}

const redirectWith = (context: Context, to: string, message: string) =>
  redirect(to, { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });

/** "Add a source": checked as the command checks it (400 with each field's error, nothing stored), then audited. */
export async function addJobSource(request: Request, context: Context) {
  const staff = requireStaff(context);
  const values = keptValues(await formOf(request), NEW_SOURCE_FIELDS);
  const every = values.every.trim();
  const parsed = validate(NewSourceSchema, {
    kind: values.kind,
    url: values.url,
    employer: values.employer,
    // Text that is no time stays text, so the schema refuses it with its own message.
    everyMinutes: every ? (parseEvery(every) ?? every) : undefined,
  });
  if (!parsed.success) {
    const { everyMinutes, ...rest } = parsed.fieldErrors;
    const fieldErrors: NewSourceAnswer["fieldErrors"] = { ...rest, every: everyMinutes };
    return data<NewSourceAnswer>({ values, fieldErrors, formError: null }, { status: 400 });
  }
  const source = await addSource(
    context.get(dbContext),
    parsed.data,
    actorOf(staff, context),
    context.get(clockContext)(),
  );
  return redirectWith(context, `/ops/job-sources/${source.id}`, `Source #${source.id} is added.`);
}

const idOf = (id: string | undefined) => (/^\d{1,9}$/.test(id ?? "") ? Number(id) : null);
const noSource = () => data("There is no such job source.", { status: 404 });

/** /ops/job-sources/{id}: the source's settings and its latest runs with their first errors. */
export async function loadJobSource(id: string | undefined, context: Context) {
  requireStaff(context);
  const n = idOf(id);
  const source = n === null ? null : await sourceWithRuns(context.get(dbContext), n, context.get(clockContext)());
  if (!source) throw noSource();
  return { source };
}

/** What the source page shows of a post refused: Remove's fresh code, not right. */
export type JobSourceAnswer = { codeError: string };

/** The source page's buttons: Run now, Turn off, Turn on, Remove (with a fresh code); each audited. */
export async function jobSourceAction(request: Request, id: string | undefined, context: Context) {
  const staff = requireStaff(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const actor = actorOf(staff, context);
  const n = idOf(id);
  const source = n === null ? null : await sourceWithRuns(db, n, now);
  if (n === null || !source) throw noSource();
  const turn = async (enabled: boolean) => {
    if (!(await setSourceEnabled(db, n, enabled, actor, now)))
      throw data(`Source #${n} is ${enabled ? "on" : "off"} already.`, { status: 409 });
    return backTo(
      request,
      context,
      enabled
        ? `Source #${n} is on: it runs on its schedule again.`
        : `Source #${n} is off; its jobs stay as they are.`,
    );
  };
  return dispatchIntent(
    form,
    {
      run: async () => {
        const runs = context.get(jobSourceRunsContext);
        const queued = await db.transaction(async (tx) => {
          if (!(await runs.queue(tx, n, now))) return false;
          await recordAudit(tx, {
            actor,
            action: "job_source.run_requested",
            target: { type: "job_source", id: n },
            before: {},
            after: {},
            at: now,
          });
          return true;
        });
        if (!queued)
          throw data(
            source.queue === "failed"
              ? `A run of source #${n} failed in the job queue: retry it or give it up on the Job queue page first.`
              : `A run of source #${n} is queued or running already.`,
            { status: 409 },
          );
        runs.flush();
        return backTo(request, context, `A run of source #${n} is queued: its result shows below when it ends.`);
      },
      off: () => turn(false),
      on: () => turn(true),
      remove: async () => {
        // Its open jobs close at once, however many: a sensitive action, as a plan change is.
        const problem = await freshCodeProblem(context, staff, form);
        if (problem) return data<JobSourceAnswer>({ codeError: problem }, { status: 401 });
        const closed = await removeSource(db, n, actor, now);
        if (closed === null) throw noSource();
        return redirectWith(
          context,
          "/ops/job-sources",
          `Source #${n} is removed; ${closed} open job${closed === 1 ? "" : "s"} closed.`,
        );
      },
    },
    unknownButton,
  );
}
