import type { FormAnswer } from "~/lib/validation";

/** The fields of "Add a source", in the order the form shows them (and its error summary lists them). */
export const NEW_SOURCE_FIELDS = ["kind", "url", "employer", "every"] as const;
export type NewSourceField = (typeof NEW_SOURCE_FIELDS)[number];
export type NewSourceAnswer = FormAnswer<NewSourceField>;
