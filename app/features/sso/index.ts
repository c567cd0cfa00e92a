export { SsoTab } from "./components/sso-tab";
export { SSO_FIELDS } from "./schema";
