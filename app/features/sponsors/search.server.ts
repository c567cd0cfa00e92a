import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import type { SponsorLicence } from "~/db/schema/sponsors";
import { knownNameWords } from "./aliases";
import { searchTerms } from "./normalise";
import { doubledLetterSpellings } from "./spelling";

/** How a result matched, best first. */
const MATCH_KINDS = ["exact", "alias", "core", "known", "prefix", "words", "fuzzy"] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];
const tier = (kind: MatchKind) => MATCH_KINDS.indexOf(kind);
/** A tier as an SQL literal: a bound parameter would have no type in a CASE. */
const tierSql = (kind: MatchKind) => sql.raw(String(tier(kind)));

export type SponsorResult = {
  slug: string;
  name: string;
  town: string;
  county: string;
  licences: SponsorLicence[];
  /** Register date of the first snapshot listing it (without a break since). */
  firstSeen: string;
  match: MatchKind;
  /** Trigram word similarity of the query to the best-matching name, 0–1. */
  score: number;
};

export type SearchFilters = { route?: string; rating?: string; town?: string };

export type SearchAnswer = {
  results: SponsorResult[];
  total: number;
  /** Several organisations match equally well by name (exact, trading or core name): the answer says so rather than guess. */
  ambiguous: boolean;
};

/** Misspellings are matched only from this many characters on: shorter names give too many near misses. */
const FUZZY_MIN_LENGTH = 4;

/**
 * The trigram word similarity a misspelt name needs: names of up to five characters must be
 * closer. 0.6 is also pg_trgm's default threshold of the indexed `<%` operator.
 */
function fuzzyThreshold(length: number): number {
  return length <= 5 ? 0.8 : 0.6;
}

/** Leading initials ("J Sainsbury", "A T Kearney"), which people leave out as they leave out "The". */
const LEADING_INITIALS = "^([a-z] )+";

/**
 * Organisations matching a name, ranked: exact name, trading name, same core name (legal forms
 * aside), a known short name or spelling (aliases.ts), core starting with the query (initials
 * aside), all words, then misspellings by trigram similarity or by doubled letters (spelling.ts).
 * Within a kind, the closer whole name comes first: the query as a whole word rather than part of
 * one, then the name with the least besides the query. Every name kind is found through an index
 * of sponsor_names; the filters then narrow the organisations.
 */
export async function searchSponsors(
  db: Db,
  query: string,
  filters: SearchFilters,
  page: { limit: number; offset: number },
): Promise<SearchAnswer> {
  const { full, core, words } = searchTerms(query);
  if (!core) return { results: [], total: 0, ambiguous: false };
  const fuzzy = core.length >= FUZZY_MIN_LENGTH;
  // Normalised names hold only letters, digits and single spaces, so LIKE needs no escaping.
  const prefix = `${core}%`;
  const known = knownNameWords(core);
  const isKnown = known.length
    ? sql.join(
        known.map((w) => sql`n.words @> ${sql.param(w)}::text[]`),
        sql` or `,
      )
    : sql`false`;
  // A one-word query spelt with other letters doubled ("delloite"); longer queries have enough
  // trigrams for the similarity to find their misspellings, and an index probe per word would cost more.
  const spelt =
    words.length === 1 ? sql`n.words && ${sql.param(doubledLetterSpellings(words[0]!))}::text[]` : sql`false`;
  const candidates: SQL[] = [
    sql`n."full" = ${full}`,
    sql`n.core like ${prefix}`,
    sql`n.words @> ${sql.param(words)}::text[]`,
    isKnown,
    spelt,
  ];
  // `<%` is word_similarity above pg_trgm's default threshold (0.6); a stricter bar is applied below.
  if (fuzzy) candidates.push(sql`${core} <% n.core`);
  const narrow: SQL[] = [sql`(h.tier < ${tierSql("fuzzy")} or h.spelt or h.score >= ${fuzzyThreshold(core.length)})`];
  if (filters.route) narrow.push(sql`${filters.route} = any(o.routes)`);
  if (filters.rating) narrow.push(sql`${filters.rating} = any(o.rating_keys)`);
  if (filters.town) {
    const town = searchTerms(filters.town).full;
    narrow.push(sql`(o.town_key = ${town} or o.county_key = ${town})`);
  }
  const rows = await rowsOf<{
    slug: string;
    name: string;
    town: string;
    county: string;
    licences: SponsorLicence[];
    first_seen: string;
    tier: number;
    score: number;
    total: number;
    top: number;
  }>(
    db,
    sql`
      with hits as (
        select n.organisation_id as id,
          min(case when not n.is_alias and n."full" = ${full} then ${tierSql("exact")}
                   when n.is_alias and (n."full" = ${full} or n.core = ${core}) then ${tierSql("alias")}
                   when n.core = ${core} then ${tierSql("core")}
                   when ${isKnown} then ${tierSql("known")}
                   when n.core like ${prefix} or regexp_replace(n.core, ${LEADING_INITIALS}, '') like ${prefix} then ${tierSql("prefix")}
                   when n.words @> ${sql.param(words)}::text[] then ${tierSql("words")}
                   else ${tierSql("fuzzy")} end) as tier,
          bool_or(${spelt}) as spelt,
          max(word_similarity(${core}, n.core)) as score,
          max(similarity(${core}, n.core)) as closeness
        from sponsor_names n
        where ${sql.join(candidates, sql` or `)}
        group by n.organisation_id
      ),
      ranked as (
        select o.slug, o.name, o.town, o.county, o.licences, o.first_seen, h.tier, h.score, h.closeness, o.name as sort_name
        from hits h join sponsor_organisations o on o.id = h.id
        where ${sql.join(narrow, sql` and `)}
      )
      select slug, name, town, county, licences, first_seen::text, tier, score::float8 as score,
             count(*) over ()::int as total, count(*) filter (where tier = (select min(tier) from ranked)) over ()::int as top
      from ranked
      order by tier, score desc, closeness desc, sort_name, slug
      limit ${page.limit} offset ${page.offset}`,
  );
  const total = rows[0]?.total ?? 0;
  const bestTier = rows[0]?.tier ?? tier("fuzzy");
  return {
    results: rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      town: r.town,
      county: r.county,
      licences: r.licences,
      firstSeen: r.first_seen,
      match: MATCH_KINDS[r.tier]!,
      score: Math.round(r.score * 100) / 100,
    })),
    total,
    ambiguous: page.offset === 0 && bestTier <= tier("core") && (rows[0]?.top ?? 0) > 1,
  };
}
