export { headlineFigures } from "./reports.server";
