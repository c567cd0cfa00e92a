export { employersHiddenFrom, hiddenEmployersFor } from "./queries.server";
