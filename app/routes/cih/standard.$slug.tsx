import { VideoScreen } from "~/features/cih/components/video-screen";
import { loadVideoPage, videoAction } from "~/features/cih/pages.server";
import { pageTitle, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/standard.$slug";

// A video of the standard library (/cih/standard/{slug}) or of the pre-departure guide (/jumpstart/employability-video-guide/{slug}).
export function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  return loadVideoPage(request, context, params.slug, pattern.startsWith("/jumpstart") ? "jumpstart" : "standard");
}

export function action({ request, context }: Route.ActionArgs) {
  return videoAction(request, context, new URL(request.url).pathname);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle("Video not found") }];
  const { video, summary, origin, pageUrl, ld } = loaderData;
  return seoMeta({
    title: video.title,
    description: summary,
    url: origin + pageUrl,
    type: "article",
    image: video.posterUrl ? origin + video.posterUrl : null,
    jsonLd: [ld],
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function VideoPage({ loaderData, actionData }: Route.ComponentProps) {
  return <VideoScreen data={loaderData} error={actionData?.error ?? null} />;
}
