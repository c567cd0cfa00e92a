import { CvPreviewPage } from "~/features/cv/components/cv-preview-page";
import { loadCvPages } from "~/features/cv/preview-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/cv-preview";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCvPages(context, request, { ats: false });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.cv ? `Preview: ${loaderData.cv.name}` : "CV preview") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function CvPreview({ loaderData }: Route.ComponentProps) {
  return <CvPreviewPage data={loaderData} />;
}
