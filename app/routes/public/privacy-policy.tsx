import { LegalPage, legalTitle } from "~/features/legal/components/legal-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/privacy-policy";

export function loader({ pattern }: Route.LoaderArgs) {
  return { page: pattern === "/privacy-policy" ? ("privacy" as const) : ("terms" as const) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(legalTitle(loaderData?.page === "privacy" ? "privacy" : "terms")) }];
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  return <LegalPage page={loaderData.page} />;
}
