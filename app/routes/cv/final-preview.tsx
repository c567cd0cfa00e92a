import { FinalPreviewPage } from "~/features/cv/components/final-preview-page";
import { loadCvPages } from "~/features/cv/preview-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/final-preview";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCvPages(context, request, { ats: true });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.cv ? `Final check: ${loaderData.cv.name}` : "Final CV preview") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function FinalPreview({ loaderData }: Route.ComponentProps) {
  return <FinalPreviewPage data={loaderData} />;
}
