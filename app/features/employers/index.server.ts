export { decideEmployer, employersWaiting, pendingEmployer, registerEntry } from "./verification.server";
export { decideEmployerJob, employerJobsWaiting, pendingEmployerJob } from "./jobs.server";
