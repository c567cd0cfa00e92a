import { answerPoints } from "~/features/au-points/api.server";
import { jsonEndpoint } from "~/lib/json-api.server";

/** POST /api/au-points: answers in, the points and hints out. */
const endpoint = jsonEndpoint("points calculation", "POST", answerPoints);

export { endpoint as loader, endpoint as action };
