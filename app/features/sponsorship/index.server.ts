export { employerStanding } from "./employer.server";
export { default as GOING_RATES_TABLE_1_1A } from "./data/hc997/going-rates-table1-1a.csv?raw";
