import { answerCvSample } from "~/features/cv/files-api.server";
import { jsonResource } from "~/lib/json-api.server";

/** GET /api/cv-samples/{template}: the first page of the sample CV in a template, 300 pixels wide (the same for everyone). */
const endpoint = jsonResource("CV sample", { GET: answerCvSample });

export { endpoint as loader, endpoint as action };
