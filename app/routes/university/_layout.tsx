import { href } from "react-router";
import { AreaLayout } from "~/components/area-layout";

const LINKS = [
  { to: href("/university-dashboard"), label: "Dashboard" },
  { to: href("/visa-job-analytics"), label: "Visa job analytics" },
  { to: href("/home-country-job-analytics"), label: "Home country analytics" },
  { to: href("/student-circus-analytics"), label: "Student engagement" },
  { to: href("/graduate-outcomes-analytics"), label: "Graduate outcomes" },
  { to: href("/university-dashboard/employers"), label: "Employers" },
  { to: href("/university-dashboard/appointments"), label: "Appointments", end: false },
  { to: href("/university-dashboard/career-fairs"), label: "Career fairs", end: false },
  { to: href("/university-user-profile/:type?"), label: "University profile", end: false },
];

export default function UniversityArea() {
  return <AreaLayout label="University" links={LINKS} />;
}
