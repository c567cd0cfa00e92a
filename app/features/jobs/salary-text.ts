/**
 * Salaries as job boards write them ("£18,000 - £22,000 per annum, pro-rata", "£12.50 per hour",
 * "up to £45k", "Competitive") read into numbers. A text it cannot read with confidence gives null
 * rather than a guess: a wrong salary would give a wrong sponsorship verdict.
 */

export type Currency = "GBP" | "EUR" | "USD" | "AUD" | "CAD";
export type SalaryPeriod = "year" | "month" | "week" | "day" | "hour";

export type ParsedSalary =
  | { competitive: true }
  | {
      competitive: false;
      /** Null when only a top is given ("up to £45,000"). */
      min: number | null;
      max: number;
      currency: Currency;
      period: SalaryPeriod;
      /** For full-time hours; the job's own hours earn a share of it. */
      proRata: boolean;
      negotiable: boolean;
      /** On-target earnings: part of the pay depends on results. */
      ote: boolean;
      /** "Up to": only the top of the range is given. */
      upTo: boolean;
    };

// "‚¬" and "â‚¬" are the euro sign read in the wrong encoding, as exported files often carry it.
const CURRENCIES: [RegExp, Currency][] = [
  [/£|\bgbp\b/i, "GBP"],
  [/€|â‚¬|‚¬|\beur\b/i, "EUR"],
  [/\bA\$|\baud\b/i, "AUD"],
  [/\bC\$|\bcad\b/i, "CAD"],
  [/\$|\busd\b/i, "USD"],
];

const PERIODS: [RegExp, SalaryPeriod][] = [
  [
    /\b(?:per|a|an|p\/?)\s*(?:annum|year|yr)\b|\bp\.?\s?a\.?(?:\s|$|,)|\bannual(?:ly)?\b|\/\s*(?:year|yr|annum)\b/i,
    "year",
  ],
  [/\b(?:per|a|p\/?)\s*(?:month|mth)\b|\bmonthly\b|\/\s*(?:month|mth)\b|\bpcm\b/i, "month"],
  [/\b(?:per|a|p\/?)\s*week\b|\bweekly\b|\/\s*(?:week|wk)\b|\bpw\b/i, "week"],
  [/\b(?:per|a|p\/?)\s*day\b|\bdaily\b|\/\s*day\b|\bday rate\b|\bpd\b/i, "day"],
  [/\b(?:per|an|a|p\/?)\s*(?:hour|hr)\b|\bhourly\b|\/\s*(?:hour|hr|h)\b|\bph\b/i, "hour"],
];

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)\s*(k|m)?\b`;
const SYMBOL = String.raw`(?:£|€|â‚¬|‚¬|A\$|C\$|\$)`;
/** An amount written with its currency sign, and the second end of a range written after it ("£18,000 - 22,000", "£10 to £12"). */
const SIGNED = new RegExp(String.raw`${SYMBOL}\s?${NUMBER}(?:\s*(?:-|–|to)\s*${SYMBOL}?\s?${NUMBER})?`, "gi");
const BARE = new RegExp(NUMBER, "gi");

function valueOf(digits: string, scale: string | undefined): number {
  const factor = scale?.toLowerCase() === "k" ? 1_000 : scale?.toLowerCase() === "m" ? 1_000_000 : 1;
  return Number(digits.replace(/,/g, "")) * factor;
}

/**
 * The amounts of the salary: those written with a currency sign (so "37.5 hours" or "2 days a week"
 * beside them are not read as pay), or every number when no sign is used ("30000 GBP").
 */
function amounts(text: string): number[] {
  const signed = [...text.matchAll(SIGNED)].flatMap((m) => [
    valueOf(m[1]!, m[2]),
    ...(m[3] ? [valueOf(m[3], m[4])] : []),
  ]);
  if (signed.length) return signed;
  return [...text.matchAll(BARE)].map((m) => valueOf(m[1]!, m[2]));
}

/** The period the text names first: "£12 an hour for 37.5 hours a week" is paid by the hour. */
function namedPeriod(text: string): SalaryPeriod | null {
  let first: { at: number; period: SalaryPeriod } | null = null;
  for (const [pattern, period] of PERIODS) {
    const at = text.search(pattern);
    if (at >= 0 && (!first || at < first.at)) first = { at, period };
  }
  return first?.period ?? null;
}

/**
 * The period when the text names none: a figure of a full-time year is in the thousands, an hour's
 * pay is small. Between the two (£300 could be a day or a week) nothing is assumed.
 */
function periodFromSize(max: number): SalaryPeriod | null {
  if (max >= 5_000) return "year";
  if (max <= 100) return "hour";
  return null;
}

export function parseSalaryText(raw: string | null | undefined): ParsedSalary | null {
  const text = (raw ?? "").replace(/\s+/g, " ").trim();
  if (!text) return null;
  const values = amounts(text);
  if (values.length === 0)
    return /\b(competitive|negotiable|doe|depending on experience|attractive)\b/i.test(text)
      ? { competitive: true }
      : null;
  // A salary is one figure or a range; more figures than that (bonus, allowances, dates) is a sentence, not a salary.
  if (values.length > 2) return null;
  const currency = CURRENCIES.find(([pattern]) => pattern.test(text))?.[1];
  if (!currency) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (min <= 0) return null;
  const period = namedPeriod(text) ?? periodFromSize(max);
  if (!period) return null;
  const upTo = /\bup to\b/i.test(text) && values.length === 1;
  return {
    competitive: false,
    min: upTo ? null : min,
    max,
    currency,
    period,
    proRata: /\bpro[\s-]?rata\b/i.test(text),
    negotiable: /\bnegotiable\b|\bneg\b/i.test(text),
    ote: /\bOTE\b/.test(text),
    upTo,
  };
}
