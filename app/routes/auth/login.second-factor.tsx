import { SecondFactorPage } from "~/features/staff/components/second-factor-page";
import { finishSecondFactor, loadSecondFactor } from "~/features/staff/second-factor-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/login.second-factor";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadSecondFactor(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return finishSecondFactor(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Two-step login") }, { name: "robots", content: "noindex" }];
}

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  return <SecondFactorPage {...loaderData} answer={actionData} />;
}
