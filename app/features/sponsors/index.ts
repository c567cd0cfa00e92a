export { knownNameWords } from "./aliases";
export { StaleRegisterWarning } from "./components/register-warning";
export { Attribution } from "./components/results";
export { sponsorRegisterContext } from "./context";
export { type Freshness, OFFICIAL_REGISTER_URL, registerFreshness } from "./freshness";
export { searchTerms } from "./normalise";
export { CHECK_PATH } from "./paths";
export { organisationPath } from "./paths";
