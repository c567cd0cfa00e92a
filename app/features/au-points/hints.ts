import { calculatePoints } from "./calculate";
import { ENGLISH_LEVELS, QUALIFICATIONS, type RuleSet, type YearBand } from "./rules";
import type { Answers, BooleanAnswer } from "./schema";

export type Hint = { text: string; points: number };

const FLAG_HINTS: Record<BooleanAnswer, string> = {
  specialistEducation: "An Australian Masters or Doctorate by research in a STEM field",
  australianStudy: "Meeting the Australian study requirement (2 academic years of CRICOS study)",
  regionalStudy: "Doing that study while living in regional Australia",
  professionalYear: "A Professional Year in Australia",
  communityLanguage: "A NAATI credentialled community language",
};

const ENGLISH_NAMES = { competent: "Competent", proficient: "Proficient", superior: "Superior" } as const;

/** The next band's threshold above `years`, if there is a higher band. */
const nextBand = (bands: YearBand[], years: number) => bands.find((b) => b.minYears > years);

/**
 * What would raise the score: each change the person could still make, scored by running the
 * calculator on the changed answers, so the employment cap and every other rule are respected
 * (a change the cap swallows is not suggested). Biggest gains first.
 */
export function improvementHints(answers: Answers, rules: RuleSet): Hint[] {
  const base = calculatePoints(answers, rules).total;
  const candidates: { text: string; change: Partial<Answers> }[] = [];

  for (const level of ENGLISH_LEVELS.slice(ENGLISH_LEVELS.indexOf(answers.english) + 1)) {
    candidates.push({ text: `${ENGLISH_NAMES[level]} English`, change: { english: level } });
  }
  const overseas = nextBand(rules.overseasEmployment, answers.overseasEmploymentYears);
  if (overseas) {
    candidates.push({
      text: `Reaching ${overseas.minYears} years of overseas skilled employment`,
      change: { overseasEmploymentYears: overseas.minYears },
    });
  }
  const australian = nextBand(rules.australianEmployment, answers.australianEmploymentYears);
  if (australian) {
    const years = australian.minYears === 1 ? "1 year" : `${australian.minYears} years`;
    candidates.push({
      text: `Reaching ${years} of Australian skilled employment`,
      change: { australianEmploymentYears: australian.minYears },
    });
  }
  for (const qualification of QUALIFICATIONS) {
    if (rules.qualification[qualification].points > rules.qualification[answers.qualification].points) {
      candidates.push({ text: rules.qualification[qualification].label, change: { qualification } });
    }
  }
  for (const [flag, text] of Object.entries(FLAG_HINTS) as [BooleanAnswer, string][]) {
    if (answers[flag]) continue;
    // Regional study counts only on top of the Australian study requirement.
    if (flag === "regionalStudy" && !answers.australianStudy) continue;
    candidates.push({ text, change: { [flag]: true } });
  }
  for (const partner of ["skilled", "competent_english"] as const) {
    if (rules.partner[partner].points > rules.partner[answers.partner].points) {
      const text =
        partner === "skilled"
          ? "A skills assessment and Competent English for your partner"
          : "Competent English for your partner";
      candidates.push({ text, change: { partner } });
    }
  }

  return candidates
    .map(({ text, change }) => ({ text, points: calculatePoints({ ...answers, ...change }, rules).total - base }))
    .filter((h) => h.points > 0)
    .map((h) => ({ ...h, text: `${h.text} would add ${h.points} points` }))
    .sort((a, b) => b.points - a.points);
}
