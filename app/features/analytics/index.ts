export { readRange } from "./range";
export { RangeForm } from "./components/report-page";
export { type Shown, cellOf, shareOf, showBreakdown, showStudents } from "./privacy";
export { countryName } from "./labels";
