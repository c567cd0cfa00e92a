import { SsoAnswerPage, nothingToFinish } from "~/features/sso/components/sso-answer-page";
import { finishSamlLogin } from "~/features/sso/login.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/sso.saml.$university.acs";

// The IdP posts its answer here. A GET (a reload, a bookmark) has nothing to finish; the loader also
// runs after a refused post, so it answers nothing rather than a redirect that would hide the refusal.
export function loader() {
  return null;
}

export function action({ request, params, context }: Route.ActionArgs) {
  return finishSamlLogin(request, params.university, context);
}

export const meta = () => [{ title: pageTitle("Log in with your university") }, { name: "robots", content: "noindex" }];

export default function SsoSamlAcs({ actionData, params }: Route.ComponentProps) {
  return <SsoAnswerPage data={actionData ?? nothingToFinish(params.university)} />;
}
