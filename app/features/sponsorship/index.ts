export { assessOffer, type EmployerStanding, jobStatus } from "./eligibility";
export { type Occupation, ruleChangeDays, type RuleSet, ruleSetFor, ruleSets } from "./rules";
export { shortageListNotice } from "./notice";
export { RuleNoticeBox } from "./components/rule-notice";
