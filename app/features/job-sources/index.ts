export { JOB_SOURCE_KINDS, NewSourceSchema, everyText, parseEvery } from "./sources";
