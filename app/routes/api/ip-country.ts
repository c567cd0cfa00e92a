import { ipCountryAnswer } from "~/features/phone/ip-country-answer.server";
import { clientIpContext, configContext } from "~/lib/context";
import { jsonEndpoint } from "~/lib/json-api.server";

/** GET /api/ip-country: the phone input's default country, in the text format spec section 7 fixes. */
const endpoint = jsonEndpoint("country look-up", "GET", ({ request, context }) => {
  const header = context.get(configContext).IP_COUNTRY_HEADER;
  const trusted = header ? (request.headers.get(header) ?? undefined) : undefined;
  return { status: 200, body: ipCountryAnswer({ trustedHeader: trusted, ip: context.get(clientIpContext) }) };
});

export { endpoint as loader, endpoint as action };
