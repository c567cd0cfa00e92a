import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { siteOrigin } from "~/features/access/index.server";
import { guideIndex, guidePage } from "./queries.server";

type Context = Readonly<RouterContextProvider>;

/** The guides' index: every country with a published overview. */
export async function loadGuideIndex(context: Context) {
  return { guides: await guideIndex(context.get(dbContext)), origin: siteOrigin(context) };
}

export type GuideIndexData = Awaited<ReturnType<typeof loadGuideIndex>>;

/**
 * A country guide's overview (open) and its thirteen sections (guarded by the access flag): one
 * loader for the fourteen patterns of the route table, the page named by the pattern's last part.
 */
export async function loadGuidePage(context: Context, slug: string, pattern: string) {
  const found = await guidePage(context.get(dbContext), slug, pattern.split("/").at(-1)!);
  const { state } = context.get(accessContext);
  // Who may open the sections, to say so beside them.
  const access = state.is_country_guide_access ? "granted" : state.isLoggedIn ? "not-included" : "visitor";
  return { ...found, access, origin: siteOrigin(context) } as const;
}

export type GuidePageData = Awaited<ReturnType<typeof loadGuidePage>>;
