import { beforeAll, describe, expect, it } from "vitest";
import { shortageListNotice } from "./notice";
import { type RuleSet, ruleSetFor } from "./rules";

// HC 997: 1243 managers in logistics, Table 1a on the Temporary Shortage List (certificates issued before
// 31 December 2026); 1150 retail managers, Table 1a only; 2134 programmers, Table 1.
let rules: RuleSet;
beforeAll(async () => {
  rules = (await ruleSetFor("2026-12-01"))!;
});

const STATEMENTS = "https://www.gov.uk/government/collections/immigration-rules-statement-of-changes";

describe("the Temporary Shortage List's notice", () => {
  it("is given to a Table 1a occupation on the list from 1 December 2026, not the day before", () => {
    expect(shortageListNotice(rules, "1243", "2026-11-30")).toBeNull();
    const notice = shortageListNotice(rules, "1243", "2026-12-01");
    expect(notice?.text).toBe(
      "The Temporary Shortage List (Appendix Skilled Worker SW 6.1A (HC 997)) covers only certificates of sponsorship issued before 31 December 2026. " +
        "From that day it no longer makes this occupation eligible, unless the Home Office publishes a replacement in a statement of changes.",
    );
    expect(notice?.link).toEqual({ title: "Statements of changes to the Immigration Rules (GOV.UK)", url: STATEMENTS });
    // Still said once the list has ended, until a rule set of its own says otherwise.
    expect(shortageListNotice(rules, "1243", "2027-01-15")?.link.url).toBe(STATEMENTS);
  });

  it("is not given to an occupation the list does not judge", () => {
    for (const soc of ["1150", "2134", null])
      expect(shortageListNotice(rules, soc, "2026-12-01"), String(soc)).toBeNull();
  });

  it("comes from the rule set's data: a rule set without the list gives none", () => {
    expect(shortageListNotice({ ...rules, shortageList: null }, "1243", "2026-12-01")).toBeNull();
    expect(
      shortageListNotice(
        { ...rules, shortageList: { ...rules.shortageList!, noticeFrom: "2027-06-01" } },
        "1243",
        "2026-12-01",
      ),
    ).toBeNull();
  });
});
