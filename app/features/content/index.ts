export { httpsUrl, isoDate, slugRef, text } from "./schema";
