export { type FairGoer, fairGoers } from "./queries.server";
