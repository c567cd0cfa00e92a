import { NewFairPage } from "~/features/career-fairs/components/new-fair-page";
import { createFairFromForm, loadNewFair } from "~/features/career-fairs/manage-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/career-fairs.new";

export const loader = ({ context }: Route.LoaderArgs) => loadNewFair(context, "ops");

export const action = ({ request, context }: Route.ActionArgs) => createFairFromForm(request, context, "ops");

export function meta() {
  return [{ title: pageTitle("Set up a career fair: operations console") }, { name: "robots", content: "noindex" }];
}

export default function NewPlatformFair({ loaderData, actionData }: Route.ComponentProps) {
  return <NewFairPage data={loaderData} answer={actionData} />;
}
