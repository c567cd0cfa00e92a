import { ManagedFairsPage } from "~/features/career-fairs/components/managed-fairs-page";
import { loadManagedFairs } from "~/features/career-fairs/manage-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard.career-fairs";

export const loader = ({ context }: Route.LoaderArgs) => loadManagedFairs(context, "university");

export function meta() {
  return [{ title: pageTitle("Career fairs") }, { name: "robots", content: "noindex" }];
}

export default function UniversityCareerFairs({ loaderData }: Route.ComponentProps) {
  return <ManagedFairsPage data={loaderData} />;
}
