import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import { listCaseStudies } from "~/features/blog/queries.server";
import { dbContext } from "~/db/context";
import { seoMeta } from "~/lib/meta";
import { siteOrigin } from "~/features/access/site-url.server";
import type { Route } from "./+types/uni-case-study";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  return { studies: await listCaseStudies(db), origin: siteOrigin(context) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData
    ? seoMeta({
        title: "University case studies",
        description: "How university careers services use the platform to help their international students into work.",
        url: `${loaderData.origin}/uni-case-study`,
      })
    : [];
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-3xl font-bold">University case studies</h1>
      <p className="mt-2 max-w-3xl text-lg text-muted">
        How university careers services use the platform to help their international students into work.
      </p>
      {loaderData.studies.length ? (
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {loaderData.studies.map((s) => (
            <li key={s.slug} className="rounded-xl border border-slate-200 bg-white p-5">
              <p className="text-sm font-semibold text-brand">{s.university}</p>
              <h2 className="mt-1 text-lg font-semibold">
                <Link to={`/university-case-study/${s.slug}`} className="underline-offset-4 hover:underline">
                  {s.title}
                </Link>
              </h2>
              <p className="mt-2 text-muted">{s.summary}</p>
              <p className="mt-3 text-sm text-muted">
                <time dateTime={s.publishedOn}>{formatDate(s.publishedOn)}</time>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8">No case studies are published yet.</p>
      )}
    </div>
  );
}
