import { answerEligibility } from "~/features/sponsorship/api.server";
import { jsonEndpoint } from "~/lib/json-api.server";

/** POST /api/sponsorship-eligibility: an offer in, the Skilled Worker verdict with its reasons out (it stores nothing). */
const endpoint = jsonEndpoint("sponsorship check", "POST", answerEligibility);

export { endpoint as loader, endpoint as action };
