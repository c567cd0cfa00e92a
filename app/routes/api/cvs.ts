import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access/context";
import { apiOwner, createAnswer, isAnswer, listAnswer } from "~/features/cv/api.server";
import { clockContext } from "~/lib/context";
import { jsonResource } from "~/lib/json-api.server";

/** GET /api/cvs: the logged-in person's CVs; POST /api/cvs: a new one (README "CV builder"). */
const endpoint = jsonResource("CV list", {
  GET: ({ context }) => {
    const owner = apiOwner(context.get(accessContext).user);
    return isAnswer(owner) ? owner : listAnswer(context.get(dbContext), owner);
  },
  POST: ({ request, context }) => {
    const owner = apiOwner(context.get(accessContext).user);
    return isAnswer(owner) ? owner : createAnswer(context.get(dbContext), owner, request, context.get(clockContext)());
  },
});

export { endpoint as loader, endpoint as action };
