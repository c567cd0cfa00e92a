export { UNIVERSITY_PAGES } from "./help-values";
