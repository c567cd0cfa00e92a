import { FairEditorPage } from "~/features/career-fairs/components/fair-editor-page";
import { fairEditorAction, loadFairEditor } from "~/features/career-fairs/manage-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/career-fairs.$slug";

export const loader = ({ params, context }: Route.LoaderArgs) => loadFairEditor(params.slug, context, "ops");

export const action = ({ request, params, context }: Route.ActionArgs) =>
  fairEditorAction(request, params.slug, context, "ops");

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(`${loaderData?.title ?? "A career fair"}: operations console`) },
    { name: "robots", content: "noindex" },
  ];
}

export default function PlatformFair({ loaderData, actionData }: Route.ComponentProps) {
  return <FairEditorPage data={loaderData} answer={actionData} />;
}
