import { createAnswer, listAnswer } from "~/features/cv/api.server";
import { jsonResource } from "~/lib/json-api.server";

/** GET /api/cvs: the logged-in person's CVs; POST /api/cvs: a new one (docs/features/cv-builder.md). */
const endpoint = jsonResource("CV list", { GET: listAnswer, POST: createAnswer });

export { endpoint as loader, endpoint as action };
