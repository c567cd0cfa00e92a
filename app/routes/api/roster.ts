import { putRoster } from "~/features/roster/api.server";
import { jsonResource } from "~/lib/json-api.server";

/** PUT /api/roster: a university's record system syncs its student records (a CSV body, a bearer key). */
const endpoint = jsonResource("student records sync", { PUT: putRoster });

export { endpoint as loader, endpoint as action };
