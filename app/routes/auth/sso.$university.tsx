import { SsoRefusedPage } from "~/features/sso/components/sso-refused-page";
import { startSsoLogin } from "~/features/sso/login.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/sso.$university";

export function loader({ params, context }: Route.LoaderArgs) {
  return startSsoLogin(params.university, context);
}

export const meta = () => [{ title: pageTitle("Log in with your university") }, { name: "robots", content: "noindex" }];

export default function SsoStart({ loaderData }: Route.ComponentProps) {
  return <SsoRefusedPage data={loaderData} />;
}
