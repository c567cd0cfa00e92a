export { RosterTab } from "./components/roster-tab";
