export { registrationsOf, registrationUrl, upcomingWorkshops, whenLabel } from "./workshops.server";
