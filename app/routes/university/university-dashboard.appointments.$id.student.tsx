import { AppointmentStudentPage } from "~/features/appointments/components/appointment-student-page";
import { loadAppointmentStudent } from "~/features/appointments/appointment-student.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard.appointments.$id.student";

export const loader = ({ params, context }: Route.LoaderArgs) => loadAppointmentStudent(params.id, context);

export function meta() {
  return [{ title: pageTitle("The student of an appointment") }, { name: "robots", content: "noindex" }];
}

export default function AppointmentStudent({ loaderData }: Route.ComponentProps) {
  return <AppointmentStudentPage data={loaderData} />;
}
