import { type RouterContextProvider, data } from "react-router";
import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/index.server";
import { todayInLondon } from "~/lib/dates";
import { clockContext, configContext } from "~/lib/context";
import { publicOrigin } from "~/lib/public-origin";
import { FAQ_QUERY_MAX, byCategory, faqPageLd, searchFaq } from "./faq";
import { UNIVERSITY_PAGES, type UniversityPage } from "./help-values";
import { currentRoles, faqItems, partnerUniversities, visaHighlights } from "./queries.server";

// The help pages that read the content: our open roles, the universities' pages, the FAQ and the immigration guide.

type Context = Readonly<RouterContextProvider>;

/** /careers: the roles open today (UK time), and the address applications go to. */
export async function loadCareersPage(context: Context) {
  const today = todayInLondon(context.get(clockContext)());
  return {
    roles: await currentRoles(context.get(dbContext), today),
    teamEmail: context.get(configContext).TEAM_EMAIL,
    canonical: `${siteOrigin(context)}/careers`,
  };
}

/** /universities/{type}: which of the pages (404 for another type, and for "overview" named), and on the partners' page the universities with their careers sites. */
export async function loadUniversitiesPage(type: string | undefined, context: Context) {
  const page = type ?? "overview";
  if (!Object.hasOwn(UNIVERSITY_PAGES, page) || type === "overview") throw data(null, { status: 404 });
  const kind = page as UniversityPage;
  const canonical = `${siteOrigin(context)}${UNIVERSITY_PAGES[kind].path}`;
  if (kind !== "partners") return { page: kind, canonical, partners: [] };
  const config = context.get(configContext);
  const partners = (await partnerUniversities(context.get(dbContext))).map((u) => ({
    id: u.id,
    name: u.name,
    logoUrl: u.logoUrl,
    site: u.micrositeHost ? publicOrigin(config, u.micrositeHost) : null,
  }));
  return { page: kind, canonical, partners };
}

/** /faq: the questions a search (`q`) finds, or all of them, by category, with their structured data. */
export async function loadFaqPage(url: URL, context: Context) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, FAQ_QUERY_MAX);
  const all = await faqItems(context.get(dbContext));
  const shown = searchFaq(all, q);
  const origin = siteOrigin(context);
  return {
    q,
    total: all.length,
    count: shown.length,
    groups: byCategory(shown),
    canonical: `${origin}/faq`,
    ld: faqPageLd(shown, origin),
  };
}

/** /immigration-guide: each country's main post-study work routes, from its country guide. */
export async function loadImmigrationGuide(context: Context) {
  return { rules: await visaHighlights(context.get(dbContext)), canonical: `${siteOrigin(context)}/immigration-guide` };
}
