export { cvPdf } from "./files.server";
export { loadFonts, registerFonts } from "./pdf/fonts.server";
export { type CvOwner, createCv, getCv, latestAtsCheck, listCvs } from "./queries.server";
export { SAMPLE_CV } from "./sample";
