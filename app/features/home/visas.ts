import type { GuideRule } from "~/db/schema/country-guides";

/** The home page's visa panel shows at most this many rules... */
export const VISA_RULES_MAX = 4;
/** ...and at least this many when the guide states them. */
export const VISA_RULES_MIN = 2;

/**
 * The rules of a guide's visa-details page that the home page shows: those named by `picks` (a
 * phrase of each rule's text, case ignored), in the picks' order. The guide's wording is edited
 * apart from the code, so a pick can stop matching; rather than an empty panel, the guide's own
 * rules in its order make up the minimum (home.server.test.ts checks every pick against the
 * shipped guides, so that a lost pick fails a test instead of going unseen).
 */
export function mainRules(
  rules: readonly GuideRule[],
  picks: readonly string[],
  max = VISA_RULES_MAX,
  min = VISA_RULES_MIN,
): GuideRule[] {
  const chosen: GuideRule[] = [];
  for (const pick of picks) {
    const phrase = pick.toLowerCase();
    const found = rules.find((r) => r.rule.toLowerCase().includes(phrase));
    if (found && !chosen.includes(found)) chosen.push(found);
  }
  for (const rule of rules) {
    if (chosen.length >= min) break;
    if (!chosen.includes(rule)) chosen.push(rule);
  }
  return chosen.slice(0, max);
}
