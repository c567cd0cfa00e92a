import { restoreAnswer } from "~/features/cv/api.server";
import { jsonResource } from "~/lib/json-api.server";

/** POST /api/cvs/{id}/restore: undoes a deletion within ten seconds. */
const endpoint = jsonResource("CV restore", { POST: restoreAnswer });

export { endpoint as loader, endpoint as action };
