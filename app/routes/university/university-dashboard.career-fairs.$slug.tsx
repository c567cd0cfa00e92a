import { FairEditorPage } from "~/features/career-fairs/components/fair-editor-page";
import { fairEditorAction, loadFairEditor } from "~/features/career-fairs/manage-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard.career-fairs.$slug";

export const loader = ({ params, context }: Route.LoaderArgs) => loadFairEditor(params.slug, context, "university");

export const action = ({ request, params, context }: Route.ActionArgs) =>
  fairEditorAction(request, params.slug, context, "university");

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title ?? "A career fair") }, { name: "robots", content: "noindex" }];
}

export default function UniversityFair({ loaderData, actionData }: Route.ComponentProps) {
  return <FairEditorPage data={loaderData} answer={actionData} />;
}
