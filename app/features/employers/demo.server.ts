import { eq, sql } from "drizzle-orm";
import { SYSTEM_ACTOR } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { DEMO_EMPLOYERS } from "~/db/seed/demo";
import { employerOrganisations, jobPostings, users } from "~/db/schema";
import type { SocClassifier } from "~/features/jobs";
import { occupationOf } from "~/features/jobs/index.server";
import { ruleSetFor } from "~/features/sponsorship";
import { todayInLondon } from "~/lib/dates";
import type { JobForm } from "./job-form";
import { createDraft, organisationStanding, publishJob } from "./jobs.server";

type DemoJob = Omit<JobForm, "closing_date"> & { closesInDays: number | null };
const job = (j: Partial<DemoJob> & Pick<DemoJob, "title" | "type" | "description">): DemoJob => ({
  town: null,
  region: null,
  country: "GB",
  remote: "on-site",
  salary: null,
  salary_min: null,
  salary_max: null,
  salary_period: null,
  hours_per_week: null,
  soc: null,
  apply_url: null,
  closesInDays: null,
  ...j,
});

/** The demo recruiter's jobs: one a sponsor could offer a graduate, one short of its going rate, an internship. */
const RECRUITER_JOBS: DemoJob[] = [
  job({
    title: "Graduate Software Developer",
    type: "graduate-scheme",
    town: "Leeds",
    region: "West Yorkshire",
    remote: "hybrid",
    salary_min: 38_500,
    salary_max: 42_000,
    salary_period: "year",
    hours_per_week: 37.5,
    soc: "2134",
    closesInDays: 40,
    description:
      "Join a small team building web services for retailers. You will pair with a senior developer, ship code in your first month and follow a two-year training plan.\n\n- A degree in any subject, and code you can show us\n- Hybrid: two days a week in our Leeds office",
  }),
  job({
    title: "Data Analyst",
    type: "full-time",
    town: "Manchester",
    salary_min: 31_000,
    salary_max: 34_000,
    salary_period: "year",
    hours_per_week: 37.5,
    soc: "3544",
    closesInDays: 25,
    description:
      "Turn sales data into reports our buyers use every week. SQL and a spreadsheet you trust; Python is welcome.",
  }),
  job({
    title: "Summer Marketing Intern",
    type: "internship",
    town: "London",
    salary_min: 13.85,
    salary_period: "hour",
    hours_per_week: 20,
    closesInDays: 14,
    description:
      "Ten weeks in the summer, 20 hours a week, so it fits a Student visa's term-time limit when your term runs on.",
  }),
];

/** The waiting demo employer's one job: it waits in the operations console's moderation queue. */
const PENDING_JOB = job({
  title: "Customer Support Assistant",
  type: "part-time",
  town: "Bristol",
  salary_min: 12.6,
  salary_period: "hour",
  hours_per_week: 16,
  description: "Answer customers' questions by chat and email, weekday evenings.",
});

/**
 * The demo employers' jobs, posted and published as an employer would (verified: open; waiting: in the
 * moderation queue), once: an organisation that has jobs gets none. Answers how many it posted.
 */
export async function seedDemoEmployerJobs(db: Db, now: Date, classifier: SocClassifier | null): Promise<number> {
  const today = todayInLondon(now);
  const rules = await ruleSetFor(today);
  if (!rules) return 0;
  let posted = 0;
  for (const [demo, jobs] of [
    [DEMO_EMPLOYERS[0], RECRUITER_JOBS],
    [DEMO_EMPLOYERS[1], [PENDING_JOB]],
  ] as const) {
    const [row] = await db
      .select({ organisation: employerOrganisations, userId: users.id })
      .from(users)
      .innerJoin(employerOrganisations, eq(employerOrganisations.id, users.employerOrganisationId))
      .where(sql`lower(${users.email}) = ${demo.email}`);
    if (!row) continue;
    const [held] = await db
      .select({ id: jobPostings.id })
      .from(jobPostings)
      .where(eq(jobPostings.employerOrganisationId, row.organisation.id))
      .limit(1);
    if (held) continue;
    const { standing, slug } = await organisationStanding(db, row.organisation);
    for (const { closesInDays, ...form } of jobs) {
      const closing = closesInDays === null ? null : todayInLondon(new Date(now.getTime() + closesInDays * 86_400_000));
      const occupation = occupationOf(
        { soc: form.soc ?? undefined, title: form.title, description: form.description },
        classifier,
      );
      const judged = {
        form: { ...form, closing_date: closing },
        occupation,
        rules,
        today,
        standing,
        sponsorSlug: slug,
      };
      const draft = await createDraft(db, row.organisation, row.userId, judged, now);
      // Marked as demo data, as the generated jobs are: their cards and pages say it is no real vacancy.
      await db.update(jobPostings).set({ demo: true }).where(eq(jobPostings.id, draft.id));
      await publishJob(db, SYSTEM_ACTOR, row.organisation, draft.id, now);
      posted += 1;
    }
  }
  return posted;
}
