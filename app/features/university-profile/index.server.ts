export { LOGO_TOO_LARGE, prepareLogo, removeLogo, storeLogo } from "./logo.server";
export { domainsHeldElsewhere, holdUniversityClaims, saveBrandColour } from "./queries.server";
