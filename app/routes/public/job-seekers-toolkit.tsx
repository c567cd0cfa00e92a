import { siteOrigin } from "~/features/access/site-url.server";
import { Toolkit } from "~/features/help/components/toolkit";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/job-seekers-toolkit";

// The audience guard has run: students are on their dashboard, which leads to the same tools.
export function loader({ context }: Route.LoaderArgs) {
  return { canonical: `${siteOrigin(context)}/job-seekers-toolkit` };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData
    ? seoMeta({
        title: "Job seekers' toolkit",
        description:
          "The platform's tools for an international student's job search: jobs, CVs, career videos, sponsor checks, country guides and help.",
        url: loaderData.canonical,
      })
    : [];
}

export default function JobSeekersToolkit() {
  return <Toolkit />;
}
