import { type RouterContextProvider, data, href, redirect } from "react-router";
import { z } from "zod";
import { actorOf } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { EMPLOYER_POLICIES, type EmployerDecision } from "~/db/schema/job-posting-values";
import { requireUniversityAdmin } from "~/features/access/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { readListQuery } from "~/lib/list-query";
import { formOf } from "~/lib/request-body.server";
import { type FormAnswer, validate } from "~/lib/validation";
import { EMPLOYER_SORTS, decideOnEmployer, listEmployers, setEmployerPolicy } from "./queries.server";
import { POLICY_LABELS } from "./reach";

type Context = Readonly<RouterContextProvider>;

/** /university-dashboard/employers: the university's employer policy, and the verified employers with its decision on each. */
export async function loadUniversityEmployers(request: Request, context: Context) {
  const { university } = await requireUniversityAdmin(context);
  const query = readListQuery(new URL(request.url), { sorts: EMPLOYER_SORTS, sort: "name", dir: "asc" });
  const list = await listEmployers(context.get(dbContext), university, query);
  return { universityName: university.name, policy: university.employerPolicy, list };
}
export type UniversityEmployersData = Awaited<ReturnType<typeof loadUniversityEmployers>>;

const policyForm = z.object({
  policy: z.enum(EMPLOYER_POLICIES, { message: "Choose which employers' jobs your students see" }),
});
export type PolicyAnswer = FormAnswer<"policy">;

const organisationField = z.coerce.number().int().positive().max(2_147_483_647);

const DONE: Record<EmployerDecision | "none", (name: string) => string> = {
  approved: (name) => `${name} is approved: its jobs reach your students whatever your policy.`,
  blocked: (name) => `${name} is blocked: its jobs no longer reach your students.`,
  none: (name) => `Your decision on ${name} is cleared: your policy decides whether its jobs reach your students.`,
};

/** The page's buttons: the policy form, and approve, block or clear on one employer; each audited, then back to the list as it was. */
export async function universityEmployersAction(request: Request, context: Context) {
  const { admin, university } = await requireUniversityAdmin(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const url = new URL(request.url);
  const done = (message: string) =>
    redirect(`${href("/university-dashboard/employers")}${url.search}`, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
    });

  const decide = async (decision: EmployerDecision | null) => {
    const id = organisationField.safeParse(form.get("organisation"));
    if (!id.success) throw data("Choose an employer from the list.", { status: 400 });
    const outcome = await decideOnEmployer(db, actorOf(admin, context), university.id, id.data, decision, now);
    if (!outcome.ok) throw data(null, { status: 404 });
    return done(DONE[decision ?? "none"](outcome.name));
  };

  return dispatchIntent(
    form,
    {
      policy: async () => {
        const checked = validate(policyForm, { policy: form.get("policy") ?? undefined });
        if (!checked.success)
          return data<PolicyAnswer>({ fieldErrors: checked.fieldErrors, formError: null }, { status: 400 });
        const changed = await setEmployerPolicy(db, actorOf(admin, context), university.id, checked.data.policy, now);
        const label = POLICY_LABELS[checked.data.policy];
        return done(changed ? `Your policy is now "${label}".` : `Your policy was already "${label}".`);
      },
      approve: () => decide("approved"),
      block: () => decide("blocked"),
      clear: () => decide(null),
    },
    () => {
      throw data("This button does nothing here. Reload the page and try again.", { status: 400 });
    },
  );
}
