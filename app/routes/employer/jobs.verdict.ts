import { liveVerdict } from "~/features/employers/jobs-pages.server";
import { jsonEndpoint } from "~/lib/json-api.server";

/** GET /employer/jobs/verdict: the job form's live verdict panel, for the form's fields as typed (stores nothing). */
const endpoint = jsonEndpoint("live verdict", "GET", ({ request, context }) => liveVerdict(request, context));

export { endpoint as loader, endpoint as action };
