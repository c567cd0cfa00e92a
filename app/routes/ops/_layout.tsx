import { href } from "react-router";
import { AreaLayout } from "~/components/area-layout";

const LINKS = [
  { to: href("/ops"), label: "Overview" },
  { to: href("/ops/universities"), label: "Universities", end: false },
  { to: href("/ops/users"), label: "People", end: false },
  { to: href("/ops/moderation"), label: "Moderation", end: false },
  { to: href("/ops/enquiries"), label: "Enquiries", end: false },
  { to: href("/ops/career-fairs"), label: "Career fairs", end: false },
  { to: href("/ops/sponsor-register"), label: "Sponsor register" },
  { to: href("/ops/job-sources"), label: "Job sources", end: false },
  { to: href("/ops/email"), label: "Email", end: false },
  { to: href("/ops/queue"), label: "Job queue" },
  { to: href("/ops/audit"), label: "Audit log" },
];

export default function OpsArea() {
  return <AreaLayout label="Operations console" links={LINKS} />;
}
