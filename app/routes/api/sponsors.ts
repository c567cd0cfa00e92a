import { dbContext } from "~/db/context";
import { sponsorSearchAnswer } from "~/features/sponsors/api.server";
import { sponsorRegisterContext } from "~/features/sponsors/context";
import { ukToday } from "~/features/sponsors/page.server";
import { jsonEndpoint } from "~/lib/json-api.server";

/** GET /api/sponsors (ranked organisations) and GET /api/sponsors/suggest (the type-ahead). */
const endpoint = jsonEndpoint("sponsor search", "GET", ({ pattern, url, context }) =>
  sponsorSearchAnswer(
    context.get(dbContext),
    context.get(sponsorRegisterContext).loading,
    url.searchParams,
    pattern.endsWith("/suggest"),
    ukToday(context),
  ),
);

export { endpoint as loader, endpoint as action };
