import type { LoaderFunctionArgs } from "react-router";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { ruleSets } from "~/features/sponsorship";
import { hiddenEmployersFor } from "~/features/university-employers/index.server";
import { clockContext } from "~/lib/context";
import { ok, refused } from "~/lib/json-api.server";
import { readJobSearch } from "./search-params";
import { searchJobs } from "./search.server";

/** GET /api/jobs: open jobs matching the query's filters, 20 a page, with facet counts; a bad parameter answers 400 naming it. */
export async function answerJobSearch({ request, context }: LoaderFunctionArgs) {
  const read = readJobSearch(new URL(request.url).searchParams);
  if (!read.ok) return refused(400, "The search is not valid", read.errors);
  // Occupation titles are the same in every rule set: the newest names them.
  const db = context.get(dbContext);
  const [[rules], hiddenEmployers] = await Promise.all([
    ruleSets(),
    hiddenEmployersFor(db, context.get(accessContext).user),
  ]);
  return ok(await searchJobs(db, { ...read.search, hiddenEmployers }, context.get(clockContext)(), rules!.occupations));
}
