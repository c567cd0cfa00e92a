export { decideEmployer, employersWaiting, pendingEmployer, registerEntry } from "./verification.server";
export { checkEmployerLicences } from "./licences.server";
export { decideEmployerJob, employerJobsWaiting, pendingEmployerJob } from "./jobs.server";
export { seedDemoEmployerJobs } from "./demo.server";
export { ownOrganisation } from "./own-organisation.server";
export { jobOfOrganisation } from "./jobs.server";
export { employerOrganisationOf, withdrawVerification } from "./withdrawal.server";
