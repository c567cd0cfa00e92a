export { type AdviserHours, type FreeTime, adviserTimes, freeTimes } from "./slots";
