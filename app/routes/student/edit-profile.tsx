import { StudentProfilePage } from "~/features/accounts/components/student-profile-page";
import { loadStudentProfile, studentProfileAction } from "~/features/accounts/student-profile-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/edit-profile";

export function loader({ request, url, context }: Route.LoaderArgs) {
  return loadStudentProfile(request, url, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return studentProfileAction(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Edit your profile") }, { name: "robots", content: "noindex" }];
}

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <StudentProfilePage data={loaderData} answer={actionData} />;
}
