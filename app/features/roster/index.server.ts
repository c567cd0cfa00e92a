export {
  applyRosterUpload,
  createKeyFromForm,
  previewRosterUpload,
  revokeKeyFromForm,
  rosterKeysView,
  rosterSummary,
  type RosterAnswer,
} from "./page.server";
export { syncRoster, type SyncActor, type SyncOutcome } from "./sync.server";
