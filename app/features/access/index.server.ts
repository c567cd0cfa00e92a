export { requirePredepartureStudent, requireStudent, requireUniversityAdmin, requireUser } from "./require-user.server";
export { siteOrigin } from "./site-url.server";
