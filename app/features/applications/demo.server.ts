import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { DEMO_EMPLOYERS } from "~/db/seed/demo";
import { jobApplications, jobPostings, users } from "~/db/schema";
import { SAMPLE_CV, createCv } from "~/features/cv/index.server";
import { seedDemoEmployerJobs } from "~/features/employers/index.server";
import type { SocClassifier } from "~/features/jobs";
import type { Clock } from "~/lib/clock";
import { todayInLondon } from "~/lib/dates";
import type { Service } from "~/lib/service";
import { applyWithCv } from "./applications.server";

/** Demo students who applied to the demo recruiter's first job, each with a CV of the sample. */
const APPLICANTS = ["student@demo.test", "basic.student@demo.test"];

/**
 * The demo employers' jobs, and applications from demo students to the recruiter's first one, made
 * once: only beside the generated demo jobs (a database with jobs of its own gets none).
 */
export async function generateDemoEmployers(db: Db, now: Date, classifier: SocClassifier | null) {
  const [demo] = await db.select({ id: jobPostings.id }).from(jobPostings).where(eq(jobPostings.demo, true)).limit(1);
  if (!demo) return { jobs: 0, applications: 0 };
  const jobs = await seedDemoEmployerJobs(db, now, classifier);
  if (!jobs) return { jobs, applications: 0 };
  const [first] = await db
    .select({ slug: jobPostings.slug, id: jobPostings.id })
    .from(jobPostings)
    .innerJoin(users, eq(users.employerOrganisationId, jobPostings.employerOrganisationId))
    .where(and(sql`lower(${users.email}) = ${DEMO_EMPLOYERS[0].email}`, eq(jobPostings.status, "open")))
    .orderBy(jobPostings.id)
    .limit(1);
  let applications = 0;
  for (const email of first ? APPLICANTS : []) {
    const [student] = await db
      .select({ id: users.id, universityId: users.universityId, name: users.name })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (!student) continue;
    const made = await createCv(
      db,
      student,
      { name: "CV for software roles", document: SAMPLE_CV, source: "empty" },
      now,
    );
    if (!made.ok) continue;
    const note = "I have built two web services in my course projects and would love to learn from your team.";
    const outcome = await applyWithCv(
      db,
      student,
      { slug: first!.slug, cvId: made.cv.id, note },
      now,
      todayInLondon(now),
    );
    if (outcome.ok) applications += 1;
  }
  // One applicant already shortlisted, so the employer's list and the student's show a status beyond "received".
  if (applications > 1)
    await db
      .update(jobApplications)
      .set({ status: "shortlisted", statusChangedAt: now })
      .where(
        and(
          eq(jobApplications.jobPostingId, first!.id),
          sql`${jobApplications.userId} = (select id from users where lower(email) = ${APPLICANTS[0]})`,
        ),
      );
  return { jobs, applications };
}

/** The embedded database's demo employers' jobs and applications, made in the background after the demo jobs. */
export function startDemoEmployers(
  db: Db | null,
  after: Promise<unknown>,
  clock: Clock,
  classifier: () => Promise<SocClassifier>,
): Service {
  let stopping = false;
  const done = db
    ? after
        .then(async () => {
          if (stopping) return;
          const made = await generateDemoEmployers(db, clock(), await classifier());
          if (made.jobs)
            console.log(`Posted ${made.jobs} jobs of the demo employers, with ${made.applications} demo applications.`);
        })
        .catch((error: unknown) => console.error("The demo employers' jobs could not be posted:", error))
    : Promise.resolve();
  return {
    provide: () => {},
    close: async () => {
      stopping = true;
      await done;
    },
  };
}
