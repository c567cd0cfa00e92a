export { SsoTab } from "./components/sso-tab";
export { SSO_FIELDS } from "./schema";
export { GETS_THAT_LOG_IN, isSamlAcs } from "./paths";
