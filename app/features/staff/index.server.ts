export { startSecondFactor } from "./second-factor-page.server";
export { FRESH_CODE_FIELD, freshCodeProblem } from "./fresh-code.server";
export { addStaff, resetAuthenticator, staffMembers } from "./staff-accounts.server";
