import { DownloadCvPage } from "~/features/cv/components/download-cv-page";
import { loadCvPages } from "~/features/cv/preview-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/download-cv";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCvPages(context, request, { ats: true });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.cv ? `Download: ${loaderData.cv.name}` : "Download CV") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function DownloadCv({ loaderData }: Route.ComponentProps) {
  return <DownloadCvPage data={loaderData} />;
}
