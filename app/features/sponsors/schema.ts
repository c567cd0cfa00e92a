import { type Validation, validate } from "~/lib/validation";
import { z } from "zod";
import "~/lib/zod-jitless";
import { RATING_FILTERS, type RatingKey } from "./register";
import { canonicalRoute } from "./routes";
import type { Freshness } from "./freshness";
import type { SearchAnswer } from "./search.server";

const SEARCH_LIMITS = { queryMin: 2, query: 120, filter: 100, pages: 500 } as const;
export const PAGE_SIZE = 20;
export const SUGGESTION_COUNT = 8;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .optional()
    .transform((v) => v || undefined);

/** A search of the register, from the query string of the page or of GET /api/sponsors. */
const SearchSchema = z.object({
  q: z
    .string({ error: "Enter an employer's name" })
    .trim()
    .min(SEARCH_LIMITS.queryMin, `Enter at least ${SEARCH_LIMITS.queryMin} characters of the employer's name`)
    .max(SEARCH_LIMITS.query, `The name must be ${SEARCH_LIMITS.query} characters or fewer`),
  // Spelt as the register spells it, so "skilled worker" filters like "Skilled Worker".
  route: text(SEARCH_LIMITS.filter, "The route").transform((v) => v && canonicalRoute(v)),
  rating: text(SEARCH_LIMITS.filter, "The rating").pipe(
    z
      .enum(Object.keys(RATING_FILTERS) as [RatingKey, ...RatingKey[]], {
        error: `The rating must be one of ${Object.keys(RATING_FILTERS).join(", ")}`,
      })
      .optional(),
  ),
  town: text(SEARCH_LIMITS.filter, "The town or county"),
  page: z.coerce
    .number({ error: "The page must be a whole number" })
    .int("The page must be a whole number")
    .min(1, "The page must be 1 or more")
    .max(SEARCH_LIMITS.pages, `The page must be ${SEARCH_LIMITS.pages} or less`)
    .default(1),
});

type SearchInput = z.output<typeof SearchSchema>;
export type SearchField = keyof SearchInput;

/** The search fields from query parameters (the first of each); on failure the first message per field. */
export function validateSearch(params: URLSearchParams): Validation<SearchInput, SearchField> {
  const raw: Record<string, string> = {};
  for (const key of ["q", "route", "rating", "town", "page"] as const) {
    const value = params.get(key);
    if (value !== null && !(key === "page" && value === "")) raw[key] = value;
  }
  return validate(SearchSchema, raw);
}

/** What the checker's search pages get from their loader. */
export type SearchPageData = {
  registerDate: string | null;
  /** The register's age today; null without a register. */
  freshness: Freshness | null;
  /** No register yet, and the first start's import is still running. */
  registerLoading: boolean;
  /** The previous register's date: organisations first seen after it are new on this one. */
  newSince: string | null;
  routes: string[];
  values: { q: string; route: string; rating: string; town: string };
  errors: Partial<Record<SearchField, string>>;
  /** With no match on the register: organisations of that name that dropped off with the latest import. */
  search:
    | (SearchAnswer & { page: number; pages: number; dropped: { slug: string; name: string; town: string }[] })
    | null;
};
