export { type FairGoer, fairGoers } from "./queries.server";
export { releasePlacesOnDeletion } from "./account-deletion.server";
