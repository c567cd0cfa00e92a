import { HubPage } from "~/features/cih/components/hub-page";
import { loadHub } from "~/features/cih/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/_index";

export function loader({ context }: Route.LoaderArgs) {
  return loadHub(context);
}

export function meta() {
  return [
    { title: pageTitle("Career ignition hub") },
    {
      name: "description",
      content:
        "Career videos and courses for international students: CVs, interviews, networking and UK work visas, with captions and transcripts.",
    },
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Hub({ loaderData }: Route.ComponentProps) {
  return <HubPage data={loaderData} />;
}
