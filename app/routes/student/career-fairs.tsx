import { FairsPage } from "~/features/career-fairs/components/fairs-page";
import { loadFairsPage } from "~/features/career-fairs/fairs-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/career-fairs";

export const loader = ({ context }: Route.LoaderArgs) => loadFairsPage(context);

export function meta() {
  return [{ title: pageTitle("Career fairs") }];
}

export default function CareerFairs({ loaderData }: Route.ComponentProps) {
  return <FairsPage data={loaderData} />;
}
