import { ManagedFairsPage } from "~/features/career-fairs/components/managed-fairs-page";
import { loadManagedFairs } from "~/features/career-fairs/manage-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/career-fairs";

export const loader = ({ context }: Route.LoaderArgs) => loadManagedFairs(context, "ops");

export function meta() {
  return [{ title: pageTitle("Career fairs: operations console") }, { name: "robots", content: "noindex" }];
}

export default function OpsCareerFairs({ loaderData }: Route.ComponentProps) {
  return <ManagedFairsPage data={loaderData} />;
}
