export { profileCompleteness } from "./profile-completeness";
export { SECTORS } from "./profile-schema";
export { readInvitationList, type InvitationListProblem } from "./invitation-list";
