import { requireUser } from "~/features/access/require-user.server";
import { changePasswordAction } from "~/features/accounts/change-password-page.server";
import { ChangePasswordPage } from "~/features/accounts/components/change-password-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/student-change-password";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return null;
}

export function action({ request, pattern, context }: Route.ActionArgs) {
  return changePasswordAction(request, pattern, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Change your password") }];
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  return <ChangePasswordPage answer={actionData} />;
}
