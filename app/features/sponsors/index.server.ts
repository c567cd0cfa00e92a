export { searchSponsors } from "./search.server";
export { openRegisterSource } from "./source.server";
export { type RegisterRefresh, SPONSORS_REFRESH_JOB, registerRefreshContext } from "./refresh-job.server";
export { importRegister } from "./import.server";
