import { AchievementsPage } from "~/features/achievements/components/achievements-page";
import { loadAchievements } from "~/features/achievements/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/achievements";

export function loader({ context }: Route.LoaderArgs) {
  return loadAchievements(context);
}

export function meta() {
  return [{ title: pageTitle("Achievements") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Achievements({ loaderData }: Route.ComponentProps) {
  return <AchievementsPage {...loaderData} />;
}
