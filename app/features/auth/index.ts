export { careersContact, type CareersContact } from "./account-help";
export { sessionsContext } from "./context";
export type { Membership, Plan, SessionUser } from "./session-user";
export { ACCOUNT_STEPS, accountStepPath, isAccountStep, mainSiteContactUrl, type AccountStep } from "./account-help";
export { AccountLinks, MicrositeHelp, UniversityChooser } from "./components/account-help";
