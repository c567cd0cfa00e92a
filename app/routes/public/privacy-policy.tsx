import { PrivacyPolicy } from "~/features/legal/privacy-policy";
import { TermsAndConditions } from "~/features/legal/terms-and-conditions";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/privacy-policy";

export function loader({ pattern }: Route.LoaderArgs) {
  return { page: pattern === "/privacy-policy" ? ("privacy" as const) : ("terms" as const) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.page === "privacy" ? "Privacy policy" : "Terms and conditions") }];
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  return (
    <article className="prose-text">
      <h1 className="text-3xl font-bold">
        {loaderData.page === "privacy" ? "Privacy policy" : "Terms and conditions"}
      </h1>
      {loaderData.page === "privacy" ? <PrivacyPolicy /> : <TermsAndConditions />}
    </article>
  );
}
