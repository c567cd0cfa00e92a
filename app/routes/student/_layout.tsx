import { href } from "react-router";
import { AreaLayout } from "~/components/area-layout";
import { offersCampusSwitch } from "~/features/accounts/campus-page.server";
import type { Route } from "./+types/_layout";

const LINKS = [
  { to: href("/student-dashboard"), label: "Dashboard" },
  { to: href("/my-journey"), label: "My journey" },
  { to: href("/my-saved-jobs"), label: "Saved jobs" },
  { to: href("/my-applications"), label: "My applications" },
  { to: href("/career-fairs"), label: "Career fairs", end: false },
  { to: href("/achievements"), label: "Achievements" },
  { to: href("/edit-profile"), label: "Edit profile" },
  { to: href("/student-change-password"), label: "Change password" },
];
const SWITCH_CAMPUS = { to: href("/student-login"), label: "Switch campus" };

export function loader({ context }: Route.LoaderArgs) {
  return { canSwitch: offersCampusSwitch(context) };
}

export default function StudentArea({ loaderData }: Route.ComponentProps) {
  return <AreaLayout label="Your account" links={loaderData.canSwitch ? [...LINKS, SWITCH_CAMPUS] : LINKS} />;
}
