import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { clockContext } from "~/lib/context";
import { accessContext } from "~/features/access";
import { requireUser } from "~/features/access/index.server";
import { safeLocalPath } from "~/lib/safe-redirect";
import { formOf } from "~/lib/request-body.server";
import {
  SHORTLIST_LIMIT,
  SHORTLIST_MAX,
  addToShortlist,
  currentAndPreviousSnapshots,
  droppedOff,
  isShortlisted,
  latestSnapshot,
  liveOrganisationName,
  organisationBySlug,
  recentChanges,
  removeFromShortlist,
  shortlistOf,
  shortlistRateKey,
} from "./queries.server";

import { sponsorRegisterContext } from "./context";
import { type Freshness, registerFreshness } from "./freshness";
import { todayInLondon } from "~/lib/dates";
import { CHECKER_PATH, CHECK_PATH } from "./paths";
import { PAGE_SIZE, type SearchPageData, validateSearch } from "./schema";
import { searchSponsors } from "./search.server";

type Context = Readonly<RouterContextProvider>;

/** Today's date in the UK (where the register is dated) by the request's clock, for the register's age. */
export const ukToday = (context: Context) => todayInLondon(context.get(clockContext)());

/** What the search pages show for the query string of `url`, and the HTTP status (400 for a bad search). */
async function loadSearch(context: Context, url: URL): Promise<{ page: SearchPageData; status: number }> {
  const db = context.get(dbContext);
  const { snapshot, previous } = await currentAndPreviousSnapshots(db);
  const params = url.searchParams;
  const values = {
    q: params.get("q") ?? "",
    route: params.get("route") ?? "",
    rating: params.get("rating") ?? "",
    town: params.get("town") ?? "",
  };
  const registerDate = snapshot?.registerDate ?? null;
  const freshness = registerFreshness(registerDate, ukToday(context));
  const base = {
    registerDate,
    freshness,
    registerLoading: !snapshot && context.get(sponsorRegisterContext).loading,
    newSince: previous?.registerDate ?? null,
    routes: snapshot?.routes ?? [],
    values,
  };
  if (!params.has("q")) return { page: { ...base, errors: {}, search: null }, status: 200 };
  const input = validateSearch(params);
  if (!input.success) return { page: { ...base, errors: input.fieldErrors, search: null }, status: 400 };
  const { q, route, rating, town, page } = input.data;
  const answer = await searchSponsors(
    db,
    q,
    { route, rating, town },
    { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
  );
  const dropped = answer.total === 0 && snapshot && previous ? await droppedOff(db, snapshot.id, q) : [];
  return {
    page: {
      ...base,
      errors: {},
      search: { ...answer, dropped, page, pages: Math.max(1, Math.ceil(answer.total / PAGE_SIZE)) },
    },
    status: 200,
  };
}

/** The open sponsor licence check: the search of the address (400 for a bad one). */
export async function loadCheckPage(context: Context, url: URL) {
  const { page, status } = await loadSearch(context, url);
  return data(page, { status });
}

/** The students' sponsorship licence checker: the same search, and the shortlist they keep. */
export async function loadCheckerPage(context: Context, url: URL) {
  const user = requireUser(context);
  const [{ page, status }, shortlist] = await Promise.all([
    loadSearch(context, url),
    shortlistOf(context.get(dbContext), user.id),
  ]);
  return data({ ...page, shortlist }, { status });
}

export type Shortlist = Awaited<ReturnType<typeof shortlistOf>>;

export type OrganisationPageData = {
  organisation: Awaited<ReturnType<typeof organisationBySlug>>;
  registerDate: string | null;
  freshness: Freshness | null;
  loggedIn: boolean;
  saved: boolean;
};

/** An organisation's page: its licences and history on the register, 404 for an address none has had. */
export async function loadOrganisationPage(context: Context, slug: string) {
  const db = context.get(dbContext);
  const { user } = context.get(accessContext);
  const [organisation, snapshot] = await Promise.all([organisationBySlug(db, slug), latestSnapshot(db)]);
  const registerDate = snapshot?.registerDate ?? null;
  const freshness = registerFreshness(registerDate, ukToday(context));
  if (!organisation)
    return data<OrganisationPageData>(
      { organisation: null, registerDate, freshness, loggedIn: !!user, saved: false },
      { status: 404 },
    );
  const saved = user ? await isShortlisted(db, user.id, organisation.slug) : false;
  return { organisation, registerDate, freshness, loggedIn: !!user, saved };
}

/** Organisations listed per kind of change; the counts give the whole. */
const LISTED = 200;

/** The latest register against the one before: who was added, dropped off or changed. */
export async function loadRecentChanges(context: Context) {
  const db = context.get(dbContext);
  const { snapshot, previous } = await currentAndPreviousSnapshots(db);
  const freshness = registerFreshness(snapshot?.registerDate ?? null, ukToday(context));
  if (!snapshot || !previous) return { snapshot, previous, freshness, added: [], removed: [], changed: [] };
  const [added, removed, changed] = await Promise.all(
    (["added", "removed", "changed"] as const).map((kind) => recentChanges(db, snapshot.id, kind, LISTED)),
  );
  return { snapshot, previous, freshness, added: added!, removed: removed!, changed: changed! };
}

/**
 * The shortlist form of the checker's pages: add or remove one employer for the logged-in user,
 * then back to the same page (303), so a reload does not post again.
 */
export async function shortlistAction(request: Request, context: Context) {
  const { user } = context.get(accessContext);
  const form = await formOf(request);
  const slug = String(form.get("slug") ?? "");
  const intent = form.get("intent");
  if (!user) return data({ shortlistError: "Log in to keep a shortlist of employers." }, { status: 401 });
  if (!/^[a-z0-9-]{1,200}$/.test(slug) || (intent !== "add" && intent !== "remove")) {
    return data(
      { shortlistError: "That employer could not be found. Search again and try once more." },
      { status: 400 },
    );
  }
  const db = context.get(dbContext);
  const key = shortlistRateKey(user.id);
  const wait = await context.get(rateLimiterContext).spend(key, SHORTLIST_LIMIT);
  if (wait) {
    return data(
      { shortlistError: `Too many changes to your shortlist. Wait ${Math.ceil(wait / 60)} minutes and try again.` },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  if (intent === "remove") await removeFromShortlist(db, user.id, slug);
  else {
    const name = await liveOrganisationName(db, slug);
    if (!name) return data({ shortlistError: "That employer is not on the current register." }, { status: 404 });
    if (!(await addToShortlist(db, user.id, slug, name))) {
      return data(
        { shortlistError: `Your shortlist holds at most ${SHORTLIST_MAX} employers. Remove one first.` },
        { status: 409 },
      );
    }
  }
  // Back to the page the form was on (the request's own URL may be React Router's data URL).
  const back = safeLocalPath(String(form.get("back") ?? ""));
  const onChecker =
    back && [CHECK_PATH, CHECKER_PATH].some((p) => back === p || back.startsWith(`${p}/`) || back.startsWith(`${p}?`));
  return redirect(onChecker ? back : CHECKER_PATH, { status: 303 });
}
