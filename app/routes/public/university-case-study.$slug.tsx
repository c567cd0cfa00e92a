import { Link, data } from "react-router";
import { formatDate } from "~/lib/dates";
import { findCaseStudy } from "~/features/blog/queries.server";
import { dbContext } from "~/db/context";
import { SITE_NAME, breadcrumbLd, seoMeta } from "~/lib/meta";
import { siteOrigin } from "~/features/access/site-url.server";
import type { Route } from "./+types/university-case-study.$slug";

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const study = await findCaseStudy(db, params.slug);
  if (!study) throw data(null, { status: 404 });
  return { study, origin: siteOrigin(context) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { study, origin } = loaderData;
  const url = `${origin}/university-case-study/${study.slug}`;
  return seoMeta({
    title: study.title,
    description: study.summary,
    url,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: study.title,
        description: study.summary,
        datePublished: study.publishedOn,
        url,
        publisher: { "@type": "Organization", name: SITE_NAME, url: `${origin}/` },
      },
      breadcrumbLd([
        ["Home", `${origin}/`],
        ["University case studies", `${origin}/uni-case-study`],
        [study.title, url],
      ]),
    ],
  });
}

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { study } = loaderData;
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
