export { loadFonts, registerFonts } from "./pdf/fonts.server";
export { latestAtsCheck, listCvs } from "./queries.server";
