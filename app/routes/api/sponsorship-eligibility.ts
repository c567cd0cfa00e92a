import { dbContext } from "~/db/context";
import { todayInLondon } from "~/lib/dates";
import { eligibilityApiAnswer } from "~/features/sponsorship/api.server";
import { clockContext } from "~/lib/context";
import { jsonEndpoint } from "~/lib/json-api.server";
import { readJsonBody } from "~/lib/request-body.server";

/** POST /api/sponsorship-eligibility: an offer in, the Skilled Worker verdict with its reasons out (it stores nothing). */
const endpoint = jsonEndpoint("sponsorship check", "POST", async ({ request, context }) =>
  eligibilityApiAnswer(
    context.get(dbContext),
    await readJsonBody(request, { what: "the offer" }),
    todayInLondon(context.get(clockContext)()),
  ),
);

export { endpoint as loader, endpoint as action };
