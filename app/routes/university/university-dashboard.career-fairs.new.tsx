import { NewFairPage } from "~/features/career-fairs/components/new-fair-page";
import { createFairFromForm, loadNewFair } from "~/features/career-fairs/manage-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard.career-fairs.new";

export const loader = ({ context }: Route.LoaderArgs) => loadNewFair(context, "university");

export const action = ({ request, context }: Route.ActionArgs) => createFairFromForm(request, context, "university");

export function meta() {
  return [{ title: pageTitle("Set up a career fair") }, { name: "robots", content: "noindex" }];
}

export default function NewUniversityFair({ loaderData, actionData }: Route.ComponentProps) {
  return <NewFairPage data={loaderData} answer={actionData} />;
}
