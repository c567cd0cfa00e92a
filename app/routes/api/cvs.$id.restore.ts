import { dbContext } from "~/db/context";
import { restoreAnswer, withCv } from "~/features/cv/api.server";
import { clockContext } from "~/lib/context";
import { jsonResource } from "~/lib/json-api.server";

/** POST /api/cvs/{id}/restore: undoes a deletion within ten seconds. */
const endpoint = jsonResource("CV restore", {
  POST: withCv(({ context }, owner, id) =>
    restoreAnswer(context.get(dbContext), owner, id, context.get(clockContext)()),
  ),
});

export { endpoint as loader, endpoint as action };
