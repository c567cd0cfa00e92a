import { StudentDashboardPage } from "~/features/dashboard/components/student-dashboard";
import { loadStudentDashboard, studentDashboardAction } from "~/features/dashboard/student.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/student-dashboard";

export function loader({ context }: Route.LoaderArgs) {
  return loadStudentDashboard(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return studentDashboardAction(request, context);
}

export function meta() {
  return [{ title: pageTitle("Student dashboard") }, { name: "robots", content: "noindex" }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function StudentDashboard({ loaderData, actionData }: Route.ComponentProps) {
  return <StudentDashboardPage data={loaderData} answer={actionData} />;
}
