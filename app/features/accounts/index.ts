export { profileCompleteness } from "./profile-completeness";
export { SECTORS } from "./profile-schema";
