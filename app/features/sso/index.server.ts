export { saveSsoSettings, ssoSettingsView, type SsoSettingsView } from "./settings.server";
