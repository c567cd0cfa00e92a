export { profileCompleteness } from "./profile-completeness";
export { SECTORS, STUDY_LEVEL_LABELS, VISA_TYPE_LABELS } from "./profile-schema";
export { readInvitationList, type InvitationListProblem } from "./invitation-list";
export { type AccountDeletionHook, accountDeletionHooksContext } from "./deletion";
