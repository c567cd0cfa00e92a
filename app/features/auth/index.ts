export { careersContact, type CareersContact } from "./account-help";
export { sessionsContext } from "./context";
export type { Membership, Plan, SessionUser } from "./session-user";
