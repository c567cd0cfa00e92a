import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { COUNTRIES } from "~/db/seed/countries";
import { clientIpContext, clockContext } from "~/lib/context";
import type { Limit } from "~/lib/rate-limit";
import { formOf, keptValues } from "~/lib/request-body.server";
import { type FormAnswer, validate } from "~/lib/validation";
import { SURVEY_FIELDS, type SurveyField, surveySchema, valuesOf } from "./questions";
import { type LinkedSurvey, SURVEY_PATH, answerOf, saveAnswer, surveyOfLink } from "./surveys.server";
import { nextWave } from "./waves";

// A graduate's survey, opened by the link of its email alone: no login, so alumni whose access has
// ended can answer. The link is the key, so the page is never kept by a browser's or proxy's cache.

type Context = Readonly<RouterContextProvider>;

/** Opening and answering, per address: far more than one graduate needs, far too few to try links. */
const SURVEY_LIMIT: Limit = { max: 60, windowSeconds: 60 * 60 };

const PRIVATE = { "Cache-Control": "private, no-store" };
const COUNTRY_CHOICES = [...COUNTRIES]
  .sort((a, b) => a.name.localeCompare(b.name, "en"))
  .map((c) => ({ value: String(c.id), label: c.name }));
const COUNTRY_IDS = new Set(COUNTRIES.map((c) => c.id));

type Refused = { state: "unknown" } | { state: "closed"; closedOn: string } | { state: "busy"; minutes: number };

/**
 * The survey a link opens, counted against the address's limit first (before the look-up, so that
 * trying links costs the limit, not the database), or why not: as the page's data and status.
 */
async function opened(token: string, context: Context) {
  const wait = await context
    .get(rateLimiterContext)
    .spend(`graduate-survey:ip:${context.get(clientIpContext)}`, SURVEY_LIMIT);
  if (wait > 0)
    return {
      refused: data<OpenSurveyPage | Refused>(
        { state: "busy", minutes: Math.ceil(wait / 60) },
        { status: 429, headers: { ...PRIVATE, "Retry-After": String(wait) } },
      ),
    };
  const now = context.get(clockContext)();
  const survey = await surveyOfLink(context.get(dbContext), token, now);
  if (!survey)
    return { refused: data<OpenSurveyPage | Refused>({ state: "unknown" }, { status: 404, headers: PRIVATE }) };
  if (!survey.open)
    return {
      refused: data<OpenSurveyPage | Refused>(
        { state: "closed", closedOn: survey.closesAt.toISOString() },
        { status: 410, headers: PRIVATE },
      ),
    };
  return { survey, now };
}

/** What the page shows of an open survey: who asks, until when, and the answer given so far. */
function openPage(survey: LinkedSurvey, url: URL) {
  return {
    state: "open" as const,
    wave: survey.wave,
    nextWave: nextWave(survey.wave),
    graduationMonth: survey.graduationMonth,
    universityName: survey.universityName,
    closesOn: survey.closesAt.toISOString(),
    answered: survey.answeredAt !== null,
    saved: url.searchParams.get("saved") === "1",
    values: valuesOf(answerOf(survey)),
    countries: COUNTRY_CHOICES,
  };
}

export type OpenSurveyPage = ReturnType<typeof openPage>;
export type SurveyRefusal = Refused;
export type SurveyPageAnswer = FormAnswer<SurveyField>;

/** The survey's page: its questions with the answer given so far, or why the link does not open it. */
export async function loadSurveyPage(url: URL, token: string, context: Context) {
  const found = await opened(token, context);
  if (found.refused) return found.refused;
  return data<OpenSurveyPage | Refused>(openPage(found.survey, url), { headers: PRIVATE });
}

/** An answer, or a change to one: stored whole or not at all, then the page again saying so. */
export async function surveyPageAction(request: Request, token: string, context: Context) {
  const found = await opened(token, context);
  if (found.refused) return found.refused;
  const form = await formOf(request);
  const values = keptValues(form, SURVEY_FIELDS);
  const parsed = validate<ReturnType<typeof surveySchema>, SurveyField>(surveySchema(COUNTRY_IDS), values);
  if (!parsed.success)
    return data<SurveyPageAnswer>(
      { fieldErrors: parsed.fieldErrors, formError: null, values },
      { status: 400, headers: PRIVATE },
    );
  if (!(await saveAnswer(context.get(dbContext), found.survey.id, parsed.data, found.now)))
    return data<Refused>({ state: "closed", closedOn: found.now.toISOString() }, { status: 410, headers: PRIVATE });
  return redirect(`${SURVEY_PATH}/${encodeURIComponent(token)}?saved=1`, { status: 303, headers: PRIVATE });
}
