import { recordPageView } from "~/features/analytics/page-views.server";
import { jsonEndpoint } from "~/lib/json-api.server";

/** POST /api/page-views: a member's browser reports a page it showed (usePageView); 204. */
const endpoint = jsonEndpoint("page view", "POST", ({ request, context }) => recordPageView(request, context));

export { endpoint as loader, endpoint as action };
