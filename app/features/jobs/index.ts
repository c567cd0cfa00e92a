export { JobCard } from "./components/job-card";
export { SPONSORSHIP_LABELS } from "./labels";
export type { JobResult } from "./search-values";
export { SponsorshipBadge } from "./components/job-card";
export { JobPage } from "./components/job-page";
export { type JobTerms, jobVerdict } from "./verdict";
export { REMOTE_LABELS, TYPE_LABELS, salaryLabel } from "./labels";
export { socClassifierContext } from "./context";
