import type { LoaderFunctionArgs } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { sponsorRegisterContext } from "./context";
import { registerFreshness } from "./freshness";
import { ukToday } from "./page.server";
import { organisationPath } from "./paths";
import { latestSnapshot } from "./queries.server";
import { PAGE_SIZE, SUGGESTION_COUNT, validateSearch } from "./schema";
import { searchSponsors } from "./search.server";

type Answer = { status: number; body: Record<string, unknown> };

/**
 * GET /api/sponsors?q=&route=&rating=&town=&page=: ranked organisations of the live register, with
 * its date and whether it is older than two weeks on `today` (YYYY-MM-DD).
 * With `suggest` the answer is the type-ahead's: the first few names only.
 */
export async function sponsorSearchAnswer(
  db: Db,
  registerLoading: boolean,
  params: URLSearchParams,
  suggest: boolean,
  today: string,
): Promise<Answer> {
  const input = validateSearch(params);
  if (!input.success) {
    const errors = input.fieldErrors;
    return { status: 400, body: { status: false, message: Object.values(errors)[0], errors } };
  }
  const { q, route, rating, town, page } = input.data;
  const limit = suggest ? SUGGESTION_COUNT : PAGE_SIZE;
  const [answer, snapshot] = await Promise.all([
    searchSponsors(db, q, { route, rating, town }, { limit, offset: suggest ? 0 : (page - 1) * PAGE_SIZE }),
    suggest ? null : latestSnapshot(db),
  ]);
  if (suggest) {
    return {
      status: 200,
      body: { status: true, suggestions: answer.results.map((r) => ({ slug: r.slug, name: r.name, town: r.town })) },
    };
  }
  const freshness = registerFreshness(snapshot?.registerDate ?? null, today);
  return {
    status: 200,
    body: {
      status: true,
      registerDate: freshness?.registerDate ?? null,
      registerAgeDays: freshness?.ageDays ?? null,
      registerStale: freshness?.stale ?? false,
      registerLoading,
      query: q,
      page,
      pageSize: PAGE_SIZE,
      total: answer.total,
      ambiguous: answer.ambiguous,
      results: answer.results.map((r) => ({ ...r, url: organisationPath(r.slug) })),
    },
  };
}

/** GET /api/sponsors (ranked organisations) and GET /api/sponsors/suggest (the type-ahead). */
export const answerSponsorSearch = ({ pattern, url, context }: LoaderFunctionArgs) =>
  sponsorSearchAnswer(
    context.get(dbContext),
    context.get(sponsorRegisterContext).loading,
    url.searchParams,
    pattern.endsWith("/suggest"),
    ukToday(context),
  );
