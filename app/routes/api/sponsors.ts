import { answerSponsorSearch } from "~/features/sponsors/api.server";
import { jsonEndpoint } from "~/lib/json-api.server";

/** GET /api/sponsors (ranked organisations) and GET /api/sponsors/suggest (the type-ahead). */
const endpoint = jsonEndpoint("sponsor search", "GET", answerSponsorSearch);

export { endpoint as loader, endpoint as action };
