import { answerIpCountry } from "~/features/phone/ip-country-answer.server";
import { jsonEndpoint } from "~/lib/json-api.server";

/** GET /api/ip-country: the phone input's default country, in the text format spec section 7 fixes. */
const endpoint = jsonEndpoint("country look-up", "GET", answerIpCountry);

export { endpoint as loader, endpoint as action };
