import { href } from "react-router";
import { AreaLayout } from "~/components/area-layout";

const LINKS = [
  { to: href("/jumpstart-dashboard"), label: "Dashboard" },
  { to: href("/jumpstart/resources"), label: "Resources" },
  { to: href("/jumpstart/top-30-employers"), label: "Top 30 employers" },
  { to: href("/jumpstart/linkedin-starter-playbook"), label: "LinkedIn playbook" },
  { to: href("/jumpstart/reading-list"), label: "Reading list" },
  { to: href("/jumpstart/part-time-jobs"), label: "Part-time jobs" },
  { to: href("/jumpstart/employability-video-guide"), label: "Video guide" },
  // Online career fairs, until the student arrives.
  { to: href("/career-fairs"), label: "Career fairs", end: false },
  { to: href("/jumpstart-edit-profile"), label: "Edit profile" },
  { to: href("/jumpstart-change-password"), label: "Change password" },
];

export default function JumpstartArea() {
  return <AreaLayout label="Jumpstart" links={LINKS} />;
}
