export { loadProfile } from "./profile.server";
export { decideAccessRequest, pendingAccessRequests } from "./access-requests.server";
export { accountsAwaitingApproval, approveAdminByEmail, decideAccount } from "./approvals.server";
export { accountDeps } from "./deps.server";
export {
  inviteStudents,
  queueInvitations,
  recentInvitations,
  resendInvitation,
  revokeInvitation,
  revokeOpenInvitations,
} from "./invitations.server";
export { approvePredeparture, enrolPredeparture, predepartureStudents } from "./predeparture.server";
export { queueConfirmation, registrationLimits } from "./registration.server";
export { brandOf } from "./university.server";
