import { formatUkDay } from "~/lib/dates";
import type { RuleSet } from "./rules";

/** A notice shown with a verdict: a rule it rests on is ending, and where its replacement would be published. */
export type RuleNotice = { text: string; link: { title: string; url: string } };

/**
 * The notice a verdict on occupation `soc` under `rules` carries on `today`: from the rule set's
 * `shortageList.noticeFrom`, a Table 1a occupation on the Temporary Shortage List is told the day its
 * certificates stop qualifying through the list, unless the Home Office publishes a replacement. From
 * the data, so a new rule set brings its own dates (or none). Null for any other occupation, or earlier.
 */
export function shortageListNotice(rules: RuleSet, soc: string | null, today: string): RuleNotice | null {
  const list = rules.shortageList;
  const occupation = soc ? rules.occupations.get(soc) : undefined;
  if (!list || today < list.noticeFrom || occupation?.table !== "1a" || !occupation.shortageList) return null;
  const ends = formatUkDay(`${occupation.shortageList.cosIssuedBefore}T12:00:00Z`);
  return {
    text:
      `The Temporary Shortage List (${list.rule}) covers only certificates of sponsorship issued before ${ends}. ` +
      `From that day it no longer makes this occupation eligible, unless the Home Office publishes a replacement in a statement of changes.`,
    link: list.replacements,
  };
}
