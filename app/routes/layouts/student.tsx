import { type ShouldRevalidateFunctionArgs, href } from "react-router";
import { AreaLayout } from "~/components/area-layout";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access/context";
import { hasOtherCampuses } from "~/features/accounts/campuses.server";
import type { Route } from "./+types/student";

const LINKS = [
  { to: href("/student-dashboard"), label: "Dashboard" },
  { to: href("/my-journey"), label: "My journey" },
  { to: href("/my-saved-jobs"), label: "Saved jobs" },
  { to: href("/achievements"), label: "Achievements" },
  { to: href("/edit-profile"), label: "Edit profile" },
  { to: href("/student-change-password"), label: "Change password" },
];
const SWITCH_CAMPUS = { to: href("/student-login"), label: "Switch campus" };

/** Only people with another campus are offered the switch; everyone else would find nothing there. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(accessContext);
  const canSwitch = user ? await hasOtherCampuses(context.get(dbContext), user.id) : false;
  return { canSwitch };
}

/** Campuses do not change while someone moves between their pages: ask again only after a form is sent. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export default function StudentArea({ loaderData }: Route.ComponentProps) {
  return <AreaLayout label="Your account" links={loaderData.canSwitch ? [...LINKS, SWITCH_CAMPUS] : LINKS} />;
}
