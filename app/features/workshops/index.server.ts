export { registrationsOf, registrationUrl, upcomingWorkshops, whenLabel } from "./workshops.server";
export { registerStudentForWorkshop } from "./student.server";
