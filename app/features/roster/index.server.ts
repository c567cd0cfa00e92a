export { syncRoster, type SyncActor, type SyncMode, type SyncOutcome } from "./sync.server";
