export { LOGO_TOO_LARGE, prepareLogo, removeLogo, storeLogo } from "./logo.server";
export { saveBrandColour } from "./queries.server";
