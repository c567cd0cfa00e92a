export {
  type EmployerDecision,
  decideEmployer,
  employersWaiting,
  pendingEmployer,
  registerEntry,
} from "./verification.server";
