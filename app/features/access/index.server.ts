export {
  requireEmployer,
  requirePredepartureStudent,
  requireStudent,
  requireStaff,
  requireUniversityAdmin,
  requireUser,
} from "./require-user.server";
export { siteOrigin } from "./site-url.server";
export { ownUniversity, type UniversityAdmin, universityAdminOf } from "./require-user.server";
export { PREV_URL_COOKIE, isDestination, prevUrlCookie } from "./guard.server";
