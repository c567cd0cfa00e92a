import { pointsApiAnswer } from "~/features/au-points/api";
import { todayInAustralia } from "~/features/au-points/today";
import { clockContext } from "~/lib/context";
import { jsonEndpoint } from "~/lib/json-api.server";
import { readJsonBody } from "~/lib/request-body.server";

/** POST /api/au-points: answers in, the points and hints out (pure: it stores nothing). */
const endpoint = jsonEndpoint("points calculation", "POST", async ({ request, context }) =>
  pointsApiAnswer(await readJsonBody(request, { what: "the answers" }), todayInAustralia(context.get(clockContext)())),
);

export { endpoint as loader, endpoint as action };
