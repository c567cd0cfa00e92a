import { siteOrigin } from "~/features/access/site-url.server";
import { EmployersPage } from "~/features/help/components/employers";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/employers";

// The audience guard has run: students are on their dashboard instead.
export function loader({ context }: Route.LoaderArgs) {
  return { canonical: `${siteOrigin(context)}/employers` };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData
    ? seoMeta({
        title: "For employers",
        description:
          "Reach international students and graduates, check sponsor licences, and see how your jobs get their sponsorship verdict.",
        url: loaderData.canonical,
      })
    : [];
}

export default function Employers() {
  return <EmployersPage />;
}
