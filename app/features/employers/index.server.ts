export { decideEmployer, employersWaiting, pendingEmployer, registerEntry } from "./verification.server";
