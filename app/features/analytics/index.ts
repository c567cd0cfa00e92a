export { readRange } from "./range";
export { RangeForm } from "./components/report-page";
