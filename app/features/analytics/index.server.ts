export { headlineFigures } from "./reports.server";
export type { ReportChart } from "./reports.server";
export { seeded } from "./activity.server";
