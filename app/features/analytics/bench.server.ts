// What `npm run bench:analytics` drives in-process: the generator and each page's data query.
export { generateActivity } from "./activity.server";
export { REPORTS } from "./page.server";
export { headlineFigures } from "./reports.server";
export { readRange } from "./range";
