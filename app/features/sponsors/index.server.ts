export { searchSponsors } from "./search.server";
export { openRegisterSource } from "./source.server";
