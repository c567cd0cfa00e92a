export { applyRosterUpload, previewRosterUpload, rosterSummary, type RosterAnswer } from "./page.server";
export { syncRoster, type SyncActor, type SyncOutcome } from "./sync.server";
