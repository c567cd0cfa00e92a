import { Link } from "~/components/link";
import { organisationPath } from "~/features/sponsors";
import type { TopEmployersData } from "../pages.server";

/** /jumpstart/top-30-employers: the employers with the most open jobs likely to be sponsored. */
export function TopEmployersPage({ employers }: TopEmployersData) {
  return (
    <article className="max-w-4xl">
      <h1 className="text-3xl font-bold">Top 30 employers</h1>
      <p className="mt-2 text-lg">
        The employers with the most jobs on the platform right now that are likely to qualify for Skilled Worker
        sponsorship, worked out from each job and the Home Office's register of licensed sponsors. It changes as jobs
        open and close.
      </p>
      {employers.length ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left">
            <caption className="sr-only">
              Employers by their open jobs likely to qualify for sponsorship, most first
            </caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Employer
                </th>
                <th scope="col" className="py-2 pr-3">
                  Licence
                </th>
                <th scope="col" className="py-2 pr-3">
                  Jobs likely to be sponsored
                </th>
                <th scope="col" className="py-2">
                  Open jobs
                </th>
              </tr>
            </thead>
            <tbody>
              {employers.map((e) => (
                <tr key={e.slug} className="border-b border-slate-200 align-top">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <Link to={organisationPath(e.slug)} className="text-brand underline">
                      {e.name}
                    </Link>
                    <span className="block text-sm font-normal text-muted">{e.town}</span>
                  </th>
                  <td className="py-2 pr-3 text-sm">{e.licences.map((l) => `${l.route} (${l.rating})`).join("; ")}</td>
                  <td className="py-2 pr-3">
                    {e.sampleJob ? (
                      <Link to={`/jobs/${e.sampleJob}`} className="text-brand underline">
                        {`${e.eligibleJobs} ${e.eligibleJobs === 1 ? "job" : "jobs"}`}
                      </Link>
                    ) : (
                      e.eligibleJobs
                    )}
                  </td>
                  <td className="py-2">{e.openJobs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-6">
          No job on the platform is likely to be sponsored just now.{" "}
          <Link to="/uk-work-visa-sponsor-licence-check" className="text-brand underline">
            Search the register of licensed sponsors
          </Link>
        </p>
      )}
    </article>
  );
}
