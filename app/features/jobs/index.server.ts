export { DEMO_SOURCE } from "./demo.server";
export { closedOn, jobBySlug } from "./page.server";
export { recommendedJobs } from "./recommend.server";
export { savedJobsOf } from "./saved.server";
export { jobResult } from "./search.server";
export { sitemapJobs } from "./page.server";
export { topSponsoringEmployers } from "./top-employers.server";
export { importJobsFile } from "./cli.server";
export { decideJobReports, jobReportsWaiting, reportedJob } from "./reports.server";
