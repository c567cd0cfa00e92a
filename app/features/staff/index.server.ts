export { startSecondFactor } from "./second-factor-page.server";
export { acceptFreshCode } from "./authenticator.server";
export { addStaff, staffMembers } from "./staff-accounts.server";
