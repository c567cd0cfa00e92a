import { CoursesPage } from "~/features/cih/components/courses-page";
import { loadCourses } from "~/features/cih/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/premium";

// Guard B has run; someone without premium access goes to /cih-ad from the loader.
export function loader({ context }: Route.LoaderArgs) {
  return loadCourses(context);
}

export function meta() {
  return [{ title: pageTitle("Premium career courses") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function PremiumCourses({ loaderData }: Route.ComponentProps) {
  return <CoursesPage courses={loaderData.courses} />;
}
