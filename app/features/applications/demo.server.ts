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

/**
 * The demo student who applied to the recruiter's first two jobs with a CV of the builder's sample:
 * Daniel, so that Aisha (student@demo.test) keeps an empty CV list for those who try the builder first.
 */
const APPLICANT = "basic.student@demo.test";
const NOTE = "I have built two web services in my course projects and would love to learn from your team.";

/**
 * The demo employers' jobs, and a demo student's applications to the recruiter's first two (the first
 * shortlisted), made once: only beside the generated demo jobs (a database with jobs of its own gets none).
 */
export async function generateDemoEmployers(db: Db, now: Date, classifier: () => Promise<SocClassifier | null>) {
  const [demo] = await db.select({ id: jobPostings.id }).from(jobPostings).where(eq(jobPostings.demo, true)).limit(1);
  if (!demo) return { jobs: 0, applications: 0 };
  // Loaded only now: building it holds a hundred megabytes a moment, which a server without demo jobs never needs.
  const jobs = await seedDemoEmployerJobs(db, now, await classifier());
  if (!jobs) return { jobs, applications: 0 };
  const recruiterJobs = await db
    .select({ slug: jobPostings.slug, id: jobPostings.id })
    .from(jobPostings)
    .innerJoin(users, eq(users.employerOrganisationId, jobPostings.employerOrganisationId))
    .where(and(sql`lower(${users.email}) = ${DEMO_EMPLOYERS[0].email}`, eq(jobPostings.status, "open")))
    .orderBy(jobPostings.id)
    .limit(2);
  const [student] = await db
    .select({ id: users.id, universityId: users.universityId })
    .from(users)
    .where(sql`lower(${users.email}) = ${APPLICANT}`);
  const made = student
    ? await createCv(db, student, { name: "CV for software roles", document: SAMPLE_CV, source: "empty" }, now)
    : null;
  if (!student || !made?.ok) return { jobs, applications: 0 };
  let applications = 0;
  for (const job of recruiterJobs) {
    const outcome = await applyWithCv(
      db,
      student,
      { slug: job.slug, cvId: made.cv.id, note: NOTE },
      now,
      todayInLondon(now),
    );
    if (outcome.ok) applications += 1;
  }
  // The first already shortlisted, so the employer's list and the student's show a status beyond "received".
  if (recruiterJobs[0])
    await db
      .update(jobApplications)
      .set({ status: "shortlisted", statusChangedAt: now })
      .where(and(eq(jobApplications.jobPostingId, recruiterJobs[0].id), eq(jobApplications.userId, student.id)));
  return { jobs, applications };
}

/**
 * The embedded database's demo employers' jobs and applications, made in the background after the demo
 * jobs; `posted` settles when they are in, so that the demo activity, which counts jobs and applications,
 * comes after them and a page never sees the numbers move beneath it.
 */
export function startDemoEmployers(
  db: Db | null,
  after: Promise<unknown>,
  clock: Clock,
  classifier: () => Promise<SocClassifier>,
): Service & { posted: Promise<void> } {
  let stopping = false;
  const done = db
    ? after
        .then(async () => {
          if (stopping) return;
          const made = await generateDemoEmployers(db, clock(), classifier);
          if (made.jobs)
            console.log(`Posted ${made.jobs} jobs of the demo employers, with ${made.applications} demo applications.`);
        })
        .catch((error: unknown) => console.error("The demo employers' jobs could not be posted:", error))
    : Promise.resolve();
  return {
    posted: done,
    provide: () => {},
    close: async () => {
      stopping = true;
      await done;
    },
  };
}
