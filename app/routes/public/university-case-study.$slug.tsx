import { CaseStudyPage } from "~/features/blog/components/case-studies";
import { loadCaseStudy } from "~/features/blog/pages.server";
import { SITE_NAME, breadcrumbLd, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/university-case-study.$slug";

export const loader = ({ params, context }: Route.LoaderArgs) => loadCaseStudy(params.slug, context);

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
  return <CaseStudyPage study={loaderData.study} />;
}
