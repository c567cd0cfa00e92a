export { ApiKeysTab } from "./components/api-keys-tab";
export { RosterTab } from "./components/roster-tab";
