import { CreateCvPage } from "~/features/cv/components/create-cv-page";
import { loadCreateCv } from "~/features/cv/create-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/create-cv";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCreateCv(context, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.cv ? `Edit: ${loaderData.cv.name}` : "Create a CV") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function CreateCv({ loaderData }: Route.ComponentProps) {
  return <CreateCvPage data={loaderData} />;
}
