export { cvPdf } from "./files.server";
export { loadFonts, registerFonts } from "./pdf/fonts.server";
export { type CvOwner, getCv, latestAtsCheck, listCvs } from "./queries.server";
