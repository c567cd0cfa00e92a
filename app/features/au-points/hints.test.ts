import { describe, expect, it } from "vitest";
import { improvementHints } from "./hints";
import { RULES_2019_11_16 } from "./rules";
import { AGE_30_ONLY, BEST_OTHERWISE } from "./answers.fixtures";
import type { Answers } from "./schema";

/** 30 age + 15 Bachelor + 5 partner = 50. */
const BASE: Answers = { ...AGE_30_ONLY, qualification: "bachelor", partner: "competent_english" };

const hints = (change: Partial<Answers>) =>
  improvementHints({ ...BASE, ...change }, RULES_2019_11_16).map((h) => h.text);

describe("what would raise the score", () => {
  it("lists each change still open, biggest gain first", () => {
    // 30 age + 15 Bachelor + 5 partner = 50; each line is the rule's points minus what is already counted.
    expect(hints({})).toEqual([
      "Superior English would add 20 points",
      "Proficient English would add 10 points",
      "An Australian Masters or Doctorate by research in a STEM field would add 10 points",
      "Reaching 3 years of overseas skilled employment would add 5 points",
      "Reaching 1 year of Australian skilled employment would add 5 points",
      "A Doctorate (Australian, or overseas of a recognised standard) would add 5 points",
      "Meeting the Australian study requirement (2 academic years of CRICOS study) would add 5 points",
      "A Professional Year in Australia would add 5 points",
      "A NAATI credentialled community language would add 5 points",
      "A skills assessment and Competent English for your partner would add 5 points",
    ]);
  });

  it("suggests regional study once the Australian study requirement is met", () => {
    expect(hints({ australianStudy: true })).toContain(
      "Doing that study while living in regional Australia would add 5 points",
    );
  });

  it("does not suggest employment the cap would swallow", () => {
    const texts = hints({ overseasEmploymentYears: 5, australianEmploymentYears: 3 });
    expect(texts.join(" ")).not.toMatch(/employment/);
  });

  it("counts only what the cap leaves", () => {
    // Overseas 10 + Australian 5 = 15; the next Australian band (15) would make 25, capped at 20.
    expect(hints({ overseasEmploymentYears: 5, australianEmploymentYears: 1 })).toContain(
      "Reaching 3 years of Australian skilled employment would add 5 points",
    );
  });

  it("has nothing to suggest at the maximum", () => {
    expect(hints(BEST_OTHERWISE)).toEqual([]);
  });
});
