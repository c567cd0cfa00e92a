export { homeVariant } from "./variants";
export { mainRules } from "./visas";
