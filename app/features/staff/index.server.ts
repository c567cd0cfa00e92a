export { startSecondFactor } from "./second-factor-page.server";
export { freshCodeProblem } from "./fresh-code.server";
export { addStaff, resetAuthenticator, staffMembers } from "./staff-accounts.server";
