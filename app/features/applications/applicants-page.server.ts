import { jobOfOrganisation, ownOrganisation } from "~/features/employers/index.server";
import { type RouterContextProvider, data, redirect } from "react-router";
import { actorOf } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf, keptValues } from "~/lib/request-body.server";
import { validate } from "~/lib/validation";
import { applicantCv, applicantsOf, changeApplicationStatus } from "./applications.server";
import { StatusSchema } from "./schema";

type Context = Readonly<RouterContextProvider>;

const NOT_FOUND = () => data(null, { status: 404 });

/** An id from the address: a positive integer, else nothing (404). */
function idOf(param: string | undefined): number | null {
  const id = /^[1-9]\d{0,9}$/.test(param ?? "") ? Number(param) : NaN;
  return Number.isSafeInteger(id) && id <= 2 ** 31 - 1 ? id : null;
}

/**
 * The employer asking and the job of `jobParam`, which must be their organisation's (verified or not:
 * its applicants are theirs either way). Anyone else's job, or none, answers 404 alike.
 */
async function ownJob(context: Context, jobParam: string | undefined) {
  const { employer, organisation } = await ownOrganisation(context);
  const db = context.get(dbContext);
  const jobId = idOf(jobParam);
  // The organisation's own postings only: a job source's job takes no applications here.
  const job = jobId === null ? null : await jobOfOrganisation(db, organisation.id, jobId);
  if (!job) throw NOT_FOUND();
  return { employer, db, organisationId: organisation.id, job };
}

/** /employer/jobs/{id}/applicants: who applied to this job, with their note, CV and status. */
export async function loadApplicants(jobParam: string | undefined, context: Context) {
  const { db, job } = await ownJob(context, jobParam);
  const rows = await applicantsOf(db, job.id);
  return {
    job,
    applicants: rows.map((a) => ({
      ...a,
      createdAt: a.createdAt.toISOString(),
      cvPath: a.status === "withdrawn" ? null : `/employer/jobs/${job.id}/applicants/${a.id}/cv.pdf`,
    })),
  };
}

export type ApplicantsData = Awaited<ReturnType<typeof loadApplicants>>;
/** A refused status change: one message (each row has its own form, so no field of the page is named). */
export type ApplicantsAnswer = { formError: string };

/** The status form: the student is emailed, and the change audited, in one transaction. */
export async function applicantsAction(request: Request, jobParam: string | undefined, context: Context) {
  const { employer, db, organisationId, job } = await ownJob(context, jobParam);
  const form = await formOf(request);
  const refuse = (answer: ApplicantsAnswer, status: number) => data(answer, { status });
  return dispatchIntent(
    form,
    {
      status: async () => {
        const checked = validate(StatusSchema, keptValues(form, ["application", "status"]));
        if (!checked.success) return refuse({ formError: Object.values(checked.fieldErrors).join(". ") }, 400);
        const outcome = await changeApplicationStatus(
          { db, outbox: context.get(outboxContext), now: context.get(clockContext)(), origin: siteOrigin(context) },
          actorOf(employer, context),
          organisationId,
          job.id,
          checked.data.application,
          checked.data.status,
        );
        if (outcome === "not-found") throw NOT_FOUND();
        if (outcome === "withdrawn")
          return refuse({ formError: "The student withdrew this application: its status stays withdrawn." }, 409);
        return redirect(new URL(request.url).pathname, {
          status: 303,
          headers: {
            "Set-Cookie": flashCookie(
              context.get(configContext),
              outcome === "changed" ? "Status changed. We emailed the student." : "The status was already that.",
            ),
          },
        });
      },
    },
    async () => refuse({ formError: "That action is not known. Reload the page and try again." }, 400),
  );
}

/**
 * /employer/jobs/{id}/applicants/{applicationId}/cv.pdf: the PDF the student sent, to the organisation
 * whose job it is, while the application stands (withdrawn, it is gone: 404). Never kept by a cache.
 */
export async function applicantCvFile(
  jobParam: string | undefined,
  applicationParam: string | undefined,
  context: Context,
) {
  const { db, organisationId, job } = await ownJob(context, jobParam);
  const applicationId = idOf(applicationParam);
  const cv = applicationId === null ? null : await applicantCv(db, organisationId, job.id, applicationId);
  if (!cv) throw NOT_FOUND();
  const name = cv.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "applicant";
  return new Response(new Uint8Array(cv.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(cv.pdf.byteLength),
      "Content-Disposition": `inline; filename="${name}-cv.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
