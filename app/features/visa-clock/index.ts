export { clockOfProfile, daysBetween } from "./clock";
export { visaCalendar } from "./ics";
export { OTHER_COUNTRIES } from "./rules";
export { ukDay } from "./clock";
