import { Link } from "~/components/link";
import { type JobCardData, JobCard } from "~/features/jobs";

/** The newest open jobs in the system country, as the job lists show them; without any, a way to all jobs. */
export function LatestJobs({ jobs, place }: { jobs: readonly JobCardData[]; place: string }) {
  return (
    <section aria-labelledby="jobs-heading">
      <h2 id="jobs-heading" className="text-2xl font-bold">
        Latest jobs in {place}
      </h2>
      {jobs.length ? (
        <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {jobs.map((job) => (
            <li key={job.slug}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3">There are no open jobs in {place} listed at the moment.</p>
      )}
      <p className="mt-4">
        <Link to="/jobs" className="font-semibold text-brand underline">
          {jobs.length ? "See all jobs" : "Search all jobs"}
        </Link>
      </p>
    </section>
  );
}
