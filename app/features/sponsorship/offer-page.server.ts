import { type RouterContextProvider, data } from "react-router";
import { dbContext } from "~/db/context";
import { todayInLondon } from "~/lib/dates";
import { clockContext } from "~/lib/context";
import { checkOffer } from "./api.server";
import type { Assessment } from "./eligibility";
import { type RuleNotice, shortageListNotice } from "./notice";
import { ruleSetFor, ruleSets } from "./rules";

/** The form's fields: the API's own names, so its errors name them. */
export const OFFER_FIELDS = [
  "soc",
  "salary",
  "salaryPeriod",
  "hoursPerWeek",
  "cosDate",
  "newEntrant",
  "phd",
  "employer",
] as const;
export type OfferValues = Partial<Record<(typeof OFFER_FIELDS)[number], string>>;

/** A form's text as the API's types: "£56,000" a number, a ticked box true, an empty field absent. */
function offerInput(values: OfferValues): Record<string, unknown> {
  const number = (v: string | undefined) => {
    if (!v) return undefined;
    const n = Number(v.replace(/[£,\s]/g, ""));
    return Number.isFinite(n) && v.replace(/[£,\s]/g, "") !== "" ? n : v;
  };
  const input: Record<string, unknown> = {
    soc: /^\s*(\d{4})/.exec(values.soc ?? "")?.[1] ?? values.soc ?? "",
    salary: number(values.salary),
    salaryPeriod: values.salaryPeriod || undefined,
    hoursPerWeek: number(values.hoursPerWeek),
    cosDate: values.cosDate || undefined,
    newEntrant: values.newEntrant === "on",
    phd: values.phd || undefined,
    employer: values.employer?.trim() || undefined,
  };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/**
 * The offer-checking page: the occupations to choose from, and, once the form is sent (a GET, so a
 * result can be shared), the verdict of the same check the API makes, or 400 with each field named.
 */
export async function loadOfferCheck(url: URL, context: Readonly<RouterContextProvider>) {
  const today = todayInLondon(context.get(clockContext)());
  const values: OfferValues = Object.fromEntries(
    OFFER_FIELDS.map((name) => [name, url.searchParams.get(name) ?? ""]).filter(([, v]) => v),
  );
  const rules = (await ruleSetFor(today)) ?? (await ruleSets())[0]!;
  const occupations = [...rules.occupations.values()]
    .map((o) => ({ code: o.code, title: o.title }))
    .sort((a, b) => a.code.localeCompare(b.code));
  const page = {
    today,
    values,
    occupations,
    links: rules.links,
    errors: [] as { field: string; reason: string }[],
    result: null as Omit<Assessment, "judged"> | null,
    notice: null as RuleNotice | null,
  };
  if (!url.searchParams.has("soc")) return data(page);
  const checked = await checkOffer(context.get(dbContext), offerInput(values), today);
  if (!checked.ok)
    return data(
      { ...page, errors: checked.errors.map((e) => ({ field: e.field ?? "soc", reason: e.reason })) },
      { status: 400 },
    );
  const judgedBy = (await ruleSets()).find((r) => r.version === checked.assessment.rules.version)!;
  return data({
    ...page,
    result: checked.assessment,
    notice: shortageListNotice(judgedBy, checked.assessment.occupation.code, today),
  });
}

export type OfferCheckData = Awaited<ReturnType<typeof loadOfferCheck>>["data"];
