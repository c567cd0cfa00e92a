import { SsoAnswerPage } from "~/features/sso/components/sso-answer-page";
import { finishOidcLogin } from "~/features/sso/login.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/sso.oidc.$university.callback";

export function loader({ request, params, context }: Route.LoaderArgs) {
  return finishOidcLogin(request, params.university, context);
}

export const meta = () => [{ title: pageTitle("Log in with your university") }, { name: "robots", content: "noindex" }];

export default function SsoOidcCallback({ loaderData }: Route.ComponentProps) {
  return <SsoAnswerPage data={loaderData} />;
}
