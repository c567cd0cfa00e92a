import { SponsorRegisterPage } from "~/features/ops/components/sponsor-register-page";
import { loadSponsorRegister, sponsorRegisterAction } from "~/features/ops/sponsor-register.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/sponsor-register";

export const loader = ({ request, context }: Route.LoaderArgs) => loadSponsorRegister(request, context);

export const action = ({ request, context }: Route.ActionArgs) => sponsorRegisterAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Sponsor register") }, { name: "robots", content: "noindex" }];
}

export default function SponsorRegister({ loaderData, actionData }: Route.ComponentProps) {
  return <SponsorRegisterPage {...loaderData} formError={actionData?.formError} />;
}
