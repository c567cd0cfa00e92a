import { appointmentCvFile } from "~/features/appointments/appointment-student.server";
import type { Route } from "./+types/university-dashboard.appointments.$id.cv[.]pdf";

/** The CV of an appointment's student, as a PDF (the university's own students only). */
export const loader = ({ params, context }: Route.LoaderArgs) => appointmentCvFile(params.id, context);
