/** Where a person's saved jobs and alerts live; the save buttons of every job list post there. */
export const SAVED_JOBS_PATH = "/my-saved-jobs";
