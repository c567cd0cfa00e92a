import { type RouterContextProvider, data, redirect } from "react-router";
import { actorOf } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { micrositesContext } from "~/features/access";
import { requireStaff } from "~/features/access/index.server";
import { clockContext, configContext } from "~/lib/context";
import type { Config } from "~/lib/env.server";
import { flashCookie } from "~/lib/flash.server";
import { readListQuery } from "~/lib/list-query";
import { publicOrigin } from "~/lib/public-origin";
import { formOf, keptValues } from "~/lib/request-body.server";
import { type FormAnswer, validate } from "~/lib/validation";
import { UNIVERSITY_SORTS, countryChoices, createUniversity, listUniversities } from "./university-records.server";
import { NEW_UNIVERSITY_FIELDS, type NewUniversityField, newUniversitySchema } from "./university-schema";

type Context = Readonly<RouterContextProvider>;

/** The host name of the platform's own site, which no microsite may take. */
export const mainHostOf = (config: Config) => new URL(publicOrigin(config)).hostname;

/** The country a new university is in unless another is chosen: the United Kingdom (spec's numbering). */
const UNITED_KINGDOM = 226;

/** /ops/universities: a page of universities, sorted and searched on the server. */
export async function loadUniversities(url: URL, context: Context) {
  requireStaff(context);
  const query = readListQuery(url, { sorts: UNIVERSITY_SORTS, sort: "name", dir: "asc" });
  const list = await listUniversities(context.get(dbContext), query);
  return { list: { ...list, rows: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) } };
}
export type UniversitiesData = Awaited<ReturnType<typeof loadUniversities>>;

/** /ops/universities/new: the form, with the countries to choose from. */
export async function loadNewUniversity(context: Context) {
  requireStaff(context);
  return { countries: await countryChoices(context.get(dbContext)), defaultCountry: UNITED_KINGDOM };
}
export type NewUniversityData = Awaited<ReturnType<typeof loadNewUniversity>>;
export type NewUniversityAnswer = FormAnswer<NewUniversityField>;

/** Creates the university (audited) and goes to its page, where its plan, logo and first admin come next. */
export async function createUniversityFromForm(request: Request, context: Context) {
  const staff = requireStaff(context);
  const config = context.get(configContext);
  const values = keptValues(await formOf(request), NEW_UNIVERSITY_FIELDS);
  const refuse = (fieldErrors: NewUniversityAnswer["fieldErrors"]) =>
    data<NewUniversityAnswer>({ values, fieldErrors, formError: null }, { status: 400 });
  const parsed = validate<ReturnType<typeof newUniversitySchema>, NewUniversityField>(
    newUniversitySchema(mainHostOf(config)),
    values,
  );
  if (!parsed.success) return refuse(parsed.fieldErrors);
  const outcome = await createUniversity(
    context.get(dbContext),
    actorOf(staff, context),
    parsed.data,
    context.get(clockContext)(),
  );
  if (!outcome.ok) return refuse(outcome.fieldErrors);
  // Its microsite answers on this instance at once (others within seconds).
  await context.get(micrositesContext).refresh();
  return redirect(`/ops/universities/${outcome.id}`, {
    status: 303,
    headers: {
      "Set-Cookie": flashCookie(config, `${parsed.data.name} is created. Choose its plan and logo below.`),
    },
  });
}
