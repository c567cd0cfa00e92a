import { z } from "zod";
import { ALERT_FREQUENCIES, type AlertFrequency } from "~/db/schema/job-posting-values";
import type { AlertSearch } from "~/db/schema/saved-jobs";
import { pounds } from "~/lib/money";
import { REMOTE_LABELS, SPONSORSHIP_LABELS, TYPE_LABELS } from "./labels";
import { readJobSearch } from "./search-params";

/** A person keeps at most this many saved searches. */
export const ALERTS_MAX = 10;
export const ALERT_LISTS = ["/jobs", "/part-time-jobs"] as const;
/** The filters an alert keeps: the page and the order are the list's business, and every alert sends the newest. */
const KEPT = ["q", "location", "type", "sponsorship", "salary_min", "remote"] as const;

export const FREQUENCY_DAYS: Record<AlertFrequency, number> = { daily: 1, weekly: 7 };

/**
 * A saved search as a form sends it: the list it was saved from, that list's filters (checked as the
 * list checks them) and how often to email.
 */
export function readAlertForm(
  form: FormData,
): { ok: true; search: AlertSearch; frequency: AlertFrequency } | { ok: false; error: string } {
  const list = String(form.get("list") ?? "");
  const frequency = z.enum(ALERT_FREQUENCIES).safeParse(form.get("frequency"));
  if (!(ALERT_LISTS as readonly string[]).includes(list))
    return { ok: false, error: "That list cannot be saved as a search." };
  if (!frequency.success) return { ok: false, error: "Choose daily or weekly emails." };
  const params = new URLSearchParams();
  for (const name of KEPT) {
    const value = String(form.get(name) ?? "").trim();
    if (value) params.set(name, value);
  }
  const read = readJobSearch(params);
  if (!read.ok)
    return { ok: false, error: `The search cannot be saved: ${read.errors.map((e) => e.reason).join("; ")}.` };
  return {
    ok: true,
    search: { list: list as AlertSearch["list"], params: Object.fromEntries(params) },
    frequency: frequency.data,
  };
}

/** "Jobs: “data analyst” in London, internships, likely eligible for sponsorship", for a person to recognise a saved search. */
export function describeSearch(search: AlertSearch): string {
  const p = search.params;
  const parts = [
    p.q ? `“${p.q}”` : null,
    p.location ? `in ${p.location}` : null,
    p.type && p.type in TYPE_LABELS ? TYPE_LABELS[p.type as keyof typeof TYPE_LABELS].toLowerCase() : null,
    p.sponsorship && p.sponsorship in SPONSORSHIP_LABELS
      ? SPONSORSHIP_LABELS[p.sponsorship as keyof typeof SPONSORSHIP_LABELS].toLowerCase()
      : null,
    p.salary_min ? `from ${pounds(Number(p.salary_min))} a year` : null,
    p.remote && p.remote in REMOTE_LABELS ? REMOTE_LABELS[p.remote as keyof typeof REMOTE_LABELS].toLowerCase() : null,
  ].filter(Boolean);
  const list = search.list === "/part-time-jobs" ? "Part-time jobs" : "Jobs";
  return parts.length ? `${list}: ${parts.join(", ")}` : `All ${list.toLowerCase()}`;
}

/** The list's address for a saved search, newest first. */
export function searchAddress(search: AlertSearch): string {
  const params = new URLSearchParams({ ...search.params, sort: "date" });
  return `${search.list}?${params}`;
}
