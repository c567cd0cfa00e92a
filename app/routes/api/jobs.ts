import { answerJobSearch } from "~/features/jobs/api.server";
import { jsonEndpoint } from "~/lib/json-api.server";

/** GET /api/jobs: open jobs matching the query's filters, 20 a page, with facet counts. */
const endpoint = jsonEndpoint("job search", "GET", answerJobSearch);

export { endpoint as loader, endpoint as action };
