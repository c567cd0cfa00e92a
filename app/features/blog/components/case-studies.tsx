import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";
import type { CaseStudy, CaseStudyCard } from "../pages.server";

/** /uni-case-study: the case studies, each linking to its page. */
export function CaseStudiesPage({ studies }: { studies: readonly CaseStudyCard[] }) {
  return (
    <div>
      <h1 className="text-3xl font-bold">University case studies</h1>
      <p className="mt-2 max-w-3xl text-lg text-muted">
        How university careers services use the platform to help their international students into work.
      </p>
      {studies.length ? (
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {studies.map((s) => (
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

/** /university-case-study/{slug}: one case study, with its figures. */
export function CaseStudyPage({ study }: { study: CaseStudy }) {
  return (
    <article>
      <p className="text-sm">
        <Link to="/uni-case-study" className="underline">
          University case studies
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{study.title}</h1>
      <p className="mt-2 text-lg text-muted">
        {study.university} · <time dateTime={study.publishedOn}>{formatDate(study.publishedOn)}</time>
      </p>
      <p className="mt-4 max-w-3xl text-lg">{study.summary}</p>
      {study.metrics.length ? (
        <dl className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-2">
          {study.metrics.map((m) => (
            <div key={m.label} className="rounded-xl border border-slate-200 bg-white p-4">
              <dt className="text-sm text-muted">{m.label}</dt>
              <dd className="text-2xl font-bold">{m.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="prose-text mt-6" dangerouslySetInnerHTML={{ __html: study.bodyHtml }} />
    </article>
  );
}
