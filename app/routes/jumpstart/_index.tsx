import { JumpstartLanding } from "~/features/jumpstart/components/landing";
import { loadJumpstartLanding } from "~/features/jumpstart/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/_index";

// The pre-departure area's public landing: the guard sends members to their own home first.
export function loader({ context }: Route.LoaderArgs) {
  return loadJumpstartLanding(context);
}

export function meta() {
  return [
    { title: pageTitle("Jumpstart: prepare before you travel") },
    {
      name: "description",
      content:
        "For students holding an offer from a UK university: prepare for job hunting and work in the UK before you travel.",
    },
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Jumpstart({ loaderData }: Route.ComponentProps) {
  return <JumpstartLanding lists={loaderData.lists} />;
}
