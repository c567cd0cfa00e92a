export { assessOffer, type EmployerStanding, jobStatus } from "./eligibility";
export { type Occupation, ruleChangeDays, type RuleSet, ruleSetFor, ruleSets } from "./rules";
