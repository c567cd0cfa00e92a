import { HomePage } from "~/features/home/components/home-page";
import { loadHomePage } from "~/features/home/pages.server";
import { SITE_NAME } from "~/lib/meta";
import type { Route } from "./+types/_index";

export const loader = ({ context }: Route.LoaderArgs) => loadHomePage(context);

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${SITE_NAME}: careers for international students` },
    { name: "description", content: loaderData?.variant.intro ?? "" },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { variant, guide, visas, jobs } = loaderData;
  return <HomePage variant={variant} guide={guide} visas={visas} jobs={jobs} />;
}
