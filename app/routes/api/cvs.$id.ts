import { dbContext } from "~/db/context";
import { deleteAnswer, getAnswer, saveAnswer, withCv } from "~/features/cv/api.server";
import { clockContext } from "~/lib/context";
import { jsonResource } from "~/lib/json-api.server";

/** GET, PUT and DELETE /api/cvs/{id} (README "CV builder"). */
const endpoint = jsonResource("CV", {
  GET: withCv(({ context }, owner, id) => getAnswer(context.get(dbContext), owner, id)),
  PUT: withCv(({ request, context }, owner, id) =>
    saveAnswer(context.get(dbContext), owner, id, request, context.get(clockContext)()),
  ),
  DELETE: withCv(({ context }, owner, id) =>
    deleteAnswer(context.get(dbContext), owner, id, context.get(clockContext)()),
  ),
});

export { endpoint as loader, endpoint as action };
