import { SurveyPage } from "~/features/graduate-outcomes/components/survey-page";
import { loadSurveyPage, surveyPageAction } from "~/features/graduate-outcomes/survey-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/graduate-outcomes.survey.$token";

export const loader = ({ url, params, context }: Route.LoaderArgs) => loadSurveyPage(url, params.token, context);

export const action = ({ request, params, context }: Route.ActionArgs) =>
  surveyPageAction(request, params.token, context);

export function meta() {
  return [{ title: pageTitle("Graduate outcomes survey") }, { name: "robots", content: "noindex" }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function GraduateOutcomesSurvey({ loaderData, actionData }: Route.ComponentProps) {
  return <SurveyPage page={loaderData} answer={actionData} />;
}
