import type { LoaderFunctionArgs } from "react-router";
import { COUNTRIES } from "~/db/seed/countries";
import { clientIpContext, configContext } from "~/lib/context";
import type { Answer } from "~/lib/json-api.server";
import { countryOfIp } from "./ip-country.server";

const BY_ISO2 = new Map(COUNTRIES.map((c) => [c.iso2, c]));

/**
 * The answer of the IP-to-country look-up in the format the phone input expects (spec section 7):
 * "1;GB;GBR;United Kingdom" on success, "2;;;UNKNOWN" when the country cannot be told
 * (private, loopback or unlisted addresses). A trusted CDN country header wins over the address.
 */
export function ipCountryAnswer(input: { trustedHeader?: string; ip: string }): string {
  const fromHeader = input.trustedHeader?.trim().toUpperCase();
  const iso2 = fromHeader && /^[A-Z]{2}$/.test(fromHeader) ? fromHeader : countryOfIp(input.ip);
  const country = iso2 ? BY_ISO2.get(iso2) : undefined;
  return country ? `1;${country.iso2};${country.iso3};${country.name}` : "2;;;UNKNOWN";
}

/** GET /api/ip-country: the look-up for the request, trusting the country header the configuration names. */
export function answerIpCountry({ request, context }: LoaderFunctionArgs): Answer {
  const header = context.get(configContext).IP_COUNTRY_HEADER;
  const trusted = header ? (request.headers.get(header) ?? undefined) : undefined;
  return { status: 200, body: ipCountryAnswer({ trustedHeader: trusted, ip: context.get(clientIpContext) }) };
}
