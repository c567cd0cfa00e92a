import { chooseTemplateAction, loadChooseTemplate } from "~/features/cv/choose-template-page.server";
import { ChooseTemplatePage } from "~/features/cv/components/choose-template-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/choose-template";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadChooseTemplate(context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return chooseTemplateAction(request, context);
}

export function meta() {
  return [{ title: pageTitle("Choose a CV template") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function ChooseTemplate({ loaderData, actionData }: Route.ComponentProps) {
  return <ChooseTemplatePage data={loaderData} answer={actionData} />;
}
