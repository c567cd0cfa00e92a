import { AboutPage } from "~/features/home/components/about-page";
import { loadAboutPage } from "~/features/home/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/about";

export const loader = ({ pattern, context }: Route.LoaderArgs) => loadAboutPage(pattern, context);

export const meta = () => [{ title: pageTitle("About us") }];

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage variant={loaderData.variant} guide={loaderData.guide} />;
}
