// What `npm run bench:analytics` drives in-process for the graduate outcomes page: its made-up answers and its data query.
export { generateOutcomes } from "./demo.server";
export { outcomesReport } from "./report.server";
