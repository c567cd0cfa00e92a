import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import type { JobType } from "~/db/schema";
import { ruleSets } from "~/features/sponsorship";
import { hiddenEmployersFor } from "~/features/university-employers/index.server";
import { clockContext } from "~/lib/context";
import { readJobSearch } from "./search-params";
import { type JobSearchPageData, SEARCH_PARAMS, type SearchValues, withParams } from "./search-values";
import { savedAmong } from "./saved.server";
import { searchJobs } from "./search.server";

/**
 * A job list's loader: the search the address carries, or 400 with each bad field named. The form
 * sends every field; the address keeps only those given (a 302), so a search reads and shares cleanly.
 * `within` limits the list to some job types; a `type` outside them is a bad field.
 */
export async function loadJobSearch(url: URL, context: Readonly<RouterContextProvider>, within?: readonly JobType[]) {
  const values: SearchValues = Object.fromEntries(
    SEARCH_PARAMS.map((name) => [name, url.searchParams.get(name) ?? ""]).filter(([, v]) => v),
  );
  if ([...url.searchParams.values()].some((v) => v === "")) throw redirect(withParams(url.pathname, values, {}), 302);
  const read = readJobSearch(url.searchParams);
  const filtered = [...url.searchParams.keys()].length > 0;
  const errors = read.ok ? [] : read.errors;
  if (read.ok && within && read.search.type && !within.includes(read.search.type))
    errors.push({ field: "type", reason: `type is one of ${within.join(", ")} here` });
  const user = context.get(accessContext).user;
  const db = context.get(dbContext);
  if (!read.ok || errors.length)
    return data<JobSearchPageData>(
      { values, filtered, errors, answer: null, saved: user ? [] : null },
      { status: 400 },
    );
  const [[rules], hiddenEmployers] = await Promise.all([ruleSets(), hiddenEmployersFor(db, user)]);
  const answer = await searchJobs(
    db,
    { ...read.search, within, hiddenEmployers },
    context.get(clockContext)(),
    rules!.occupations,
  );
  const saved = user
    ? await savedAmong(
        db,
        user.id,
        answer.results.map((r) => r.slug),
      )
    : null;
  return data<JobSearchPageData>({ values, filtered, errors: [], answer, saved });
}
