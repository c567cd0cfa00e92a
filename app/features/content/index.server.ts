export {
  changedEntries,
  type ContentArea,
  type Entry,
  type Folder,
  readFolder,
  type SluggedTable,
  type SyncProblem,
  upsertBySlug,
} from "./sync.server";
