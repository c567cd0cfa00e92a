import { LessonPage } from "~/features/cih/components/lesson-page";
import { lessonAction, loadLesson } from "~/features/cih/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/premium.$courseslug.$slug";

// Guard B has run; someone without premium access goes to /cih-ad from the loader.
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadLesson(request, context, params.courseslug, params.slug);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return lessonAction(request, context, params.courseslug, params.slug);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? `${loaderData.video.title}: ${loaderData.course.title}` : "Lesson not found") },
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Lesson({ loaderData, actionData }: Route.ComponentProps) {
  return <LessonPage data={loaderData} error={actionData?.error ?? null} />;
}
