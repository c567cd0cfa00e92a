import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { guideOfSystemCountry } from "~/features/country-guides";
import { clockContext, configContext } from "~/lib/context";
import { cachedHomeContent } from "./home.server";
import { AUSTRALIA_ID, homeVariant } from "./variants";

type Context = Readonly<RouterContextProvider>;

/** /: the system country's home page, with its guide, visas and newest jobs. */
export async function loadHomePage(context: Context) {
  const variant = homeVariant(context.get(configContext).SYSTEM_COUNTRY_ID);
  return { variant, ...(await cachedHomeContent(context.get(dbContext), variant, context.get(clockContext)())) };
}

/** The route named "about" is the Australia-styled page; /about-us follows the system country. */
export function loadAboutPage(pattern: string, context: Context) {
  const countryId = pattern === "/about" ? AUSTRALIA_ID : context.get(configContext).SYSTEM_COUNTRY_ID;
  const variant = homeVariant(countryId);
  return { variant, guide: guideOfSystemCountry(variant.countryId) };
}
