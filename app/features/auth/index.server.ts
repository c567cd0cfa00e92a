export { SESSION_COOKIE, type SessionStore, vouchingColumns } from "./session.server";
export { sessionCookie } from "./login.server";
export { SwitchCampusSchema, campusesOf, switchCampus } from "./campuses.server";
export { universityChoices } from "./account-help.server";
export { DEACTIVATED, LoginSchema, attemptLogin } from "./login.server";
