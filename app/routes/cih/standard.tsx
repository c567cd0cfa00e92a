import { LibraryPage } from "~/features/cih/components/library-page";
import { loadLibrary } from "~/features/cih/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/standard";

// The standard library (/cih/standard) and the pre-departure guide (/jumpstart/employability-video-guide): one screen, two collections.
const isGuide = (pattern: string) => pattern.startsWith("/jumpstart");

export function loader({ request, context, pattern }: Route.LoaderArgs) {
  return loadLibrary(request, context, isGuide(pattern) ? "jumpstart" : "standard");
}

export function meta({ location }: Route.MetaArgs) {
  return [
    { title: pageTitle(location.pathname.startsWith("/jumpstart") ? "Employability video guide" : "Career videos") },
    {
      name: "description",
      content:
        "Short career videos for international students in the UK: CVs, applications, interviews, networking and work visas, with captions and transcripts.",
    },
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Library({ loaderData, matches }: Route.ComponentProps) {
  return <LibraryPage data={loaderData} path={matches.at(-1)!.pathname} />;
}
