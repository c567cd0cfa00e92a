import { MyCvsPage } from "~/features/cv/components/my-cvs-page";
import { loadMyCvs, myCvsAction } from "~/features/cv/my-cvs-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/my-cvs";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadMyCvs(context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return myCvsAction(request, context);
}

export function meta() {
  return [{ title: pageTitle("My CVs") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function MyCvs({ loaderData, actionData }: Route.ComponentProps) {
  return <MyCvsPage data={loaderData} answer={actionData} />;
}
