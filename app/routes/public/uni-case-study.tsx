import { CaseStudiesPage } from "~/features/blog/components/case-studies";
import { loadCaseStudies } from "~/features/blog/pages.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/uni-case-study";

export const loader = ({ context }: Route.LoaderArgs) => loadCaseStudies(context);

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
  return <CaseStudiesPage studies={loaderData.studies} />;
}
