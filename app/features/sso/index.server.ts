export { saveSsoSettings, ssoSettingsView, type SsoSettingsView } from "./settings.server";
export { type SsoRealm, ssoRealmOfEmail, ssoRealmOfUniversity } from "./realm.server";
export { startSso } from "./service.server";
