export { achievementsOf } from "./queries.server";
