import { deleteAnswer, getAnswer, saveAnswer } from "~/features/cv/api.server";
import { jsonResource } from "~/lib/json-api.server";

/** GET, PUT and DELETE /api/cvs/{id} (docs/features/cv-builder.md). */
const endpoint = jsonResource("CV", { GET: getAnswer, PUT: saveAnswer, DELETE: deleteAnswer });

export { endpoint as loader, endpoint as action };
