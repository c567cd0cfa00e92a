import { href } from "react-router";
import { AreaLayout } from "~/components/area-layout";

const LINKS = [
  { to: href("/student-dashboard"), label: "Dashboard" },
  { to: href("/my-journey"), label: "My journey" },
  { to: href("/my-saved-jobs"), label: "Saved jobs" },
  { to: href("/achievements"), label: "Achievements" },
  { to: href("/edit-profile"), label: "Edit profile" },
  { to: href("/student-change-password"), label: "Change password" },
];

export default function StudentArea() {
  return <AreaLayout label="Your account" links={LINKS} />;
}
