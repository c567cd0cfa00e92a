import { SsoAnswerPage } from "~/features/sso/components/sso-answer-page";
import { startSsoLogin } from "~/features/sso/login.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/sso.$university";

export function loader({ params, url, context }: Route.LoaderArgs) {
  return startSsoLogin(params.university, url, context);
}

export const meta = () => [{ title: pageTitle("Log in with your university") }, { name: "robots", content: "noindex" }];

export default function SsoStart({ loaderData }: Route.ComponentProps) {
  return <SsoAnswerPage data={loaderData} />;
}
