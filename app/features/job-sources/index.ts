export { JOB_SOURCE_KINDS, NewSourceSchema, type NewSource, everyText, parseEvery } from "./sources";
