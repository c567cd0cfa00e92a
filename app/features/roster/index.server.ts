export {
  applyRosterUpload,
  createKeyFromForm,
  previewRosterUpload,
  revokeKeyFromForm,
  rosterKeysView,
  rosterSummary,
  type RosterAnswer,
} from "./page.server";
