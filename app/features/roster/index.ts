export { RosterRow, type RosterError } from "./records";
