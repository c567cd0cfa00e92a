import {
  REFERENCES,
  SUBCLASSES,
  SUBCLASS_NAMES,
  ruleSetFor,
  type RuleSet,
  type Subclass,
  type YearBand,
} from "./rules";
import { EMPLOYMENT_WINDOW_YEARS, type Answers, type BooleanAnswer } from "./schema";

export type Factor = keyof typeof REFERENCES;

export type FactorLine = { factor: Factor; label: string; points: number; reason: string; reference: string };

export type SubclassResult = {
  subclass: Subclass;
  name: string;
  nominationPoints: number;
  total: number;
  eligible: boolean;
  reason: string;
};

export type PointsResult = {
  rules: { version: string; effectiveFrom: string };
  /** Age in whole years on the invitation date. */
  age: number;
  /** Points before any nomination: the Skilled Independent (189) score. */
  total: number;
  passMark: number;
  subclasses: SubclassResult[];
  /** One line per factor; their points add up to `total`. */
  lines: FactorLine[];
  warnings: string[];
};

/**
 * Age in whole years on `on`, both YYYY-MM-DD. A birthday on 29 February falls on 1 March in
 * other years: the day before, the person has not yet had it.
 */
export function ageOn(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = on.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const yearsText = (n: number) => `${n} year${n === 1 ? "" : "s"}`;

/** The band of `years` and, for the reason, the words for it ("at least 3 but less than 5 years"). */
function yearBand(bands: YearBand[], years: number): { points: number; words: string } {
  const i = bands.findLastIndex((b) => years >= b.minYears);
  const band = bands[i]!;
  const next = bands[i + 1];
  const words =
    band.minYears === 0
      ? `less than ${yearsText(next!.minYears)}`
      : next
        ? `at least ${band.minYears} but less than ${yearsText(next.minYears)}`
        : `at least ${yearsText(band.minYears)}`;
  return { points: band.points, words };
}

const FLAGS: { factor: BooleanAnswer & Factor; label: string; yes: string; no: string }[] = [
  {
    factor: "specialistEducation",
    label: "Specialist education",
    yes: "Australian Masters or Doctorate by research in a STEM field",
    no: "No Australian STEM research degree",
  },
  {
    factor: "australianStudy",
    label: "Australian study",
    yes: "Meets the Australian study requirement",
    no: "Does not meet the Australian study requirement",
  },
  {
    factor: "regionalStudy",
    label: "Study in regional Australia",
    yes: "Studied and lived in regional Australia",
    no: "No study in regional Australia",
  },
  {
    factor: "professionalYear",
    label: "Professional Year",
    yes: "Completed a Professional Year in Australia",
    no: "No Professional Year in Australia",
  },
  {
    factor: "communityLanguage",
    label: "Credentialled community language",
    yes: "NAATI credentialled community language",
    no: "No NAATI credentialled community language",
  },
];

function rulesFor(answers: Answers): RuleSet {
  const rules = ruleSetFor(answers.invitationDate);
  // parseAnswers refuses invitation dates before the oldest rule set, so this is a caller's bug.
  if (!rules) throw new RangeError(`No points rules known for an invitation on ${answers.invitationDate}`);
  return rules;
}

/**
 * The points test over one rule set. Pure: answers in (already validated, see parseAnswers),
 * result out, so the page, the browser and the API all score alike.
 */
export function calculatePoints(answers: Answers, rules: RuleSet = rulesFor(answers)): PointsResult {
  const lines: FactorLine[] = [];
  const warnings: string[] = [];
  const line = (factor: Factor, label: string, points: number, reason: string) =>
    lines.push({ factor, label, points, reason, reference: REFERENCES[factor] });

  const age = ageOn(answers.dateOfBirth, answers.invitationDate);
  const tooOld = age >= rules.maxAgeExclusive;
  const ageBand = rules.age.find((b) => age >= b.fromAge && age < b.toAge);
  if (ageBand) {
    line(
      "age",
      "Age",
      ageBand.points,
      `${age} on the invitation date: at least ${ageBand.fromAge} but less than ${ageBand.toAge}`,
    );
  } else if (tooOld) {
    line("age", "Age", 0, `${age} on the invitation date: ${rules.maxAgeExclusive} or over cannot be invited`);
    warnings.push(
      `You must be under ${rules.maxAgeExclusive} when invited; at ${age} you are not eligible for these visas.`,
    );
  } else {
    const youngest = rules.age[0]!.fromAge;
    line("age", "Age", 0, `${age} on the invitation date: under ${youngest} gives no points for age`);
    warnings.push(`Under ${youngest} on the invitation date, age gives no points.`);
  }

  const english = rules.english[answers.english];
  line("english", "English", english.points, english.label);

  const overseas = yearBand(rules.overseasEmployment, answers.overseasEmploymentYears);
  line(
    "overseasEmployment",
    "Overseas skilled employment",
    overseas.points,
    `${yearsText(answers.overseasEmploymentYears)}: ${overseas.words}`,
  );
  const australian = yearBand(rules.australianEmployment, answers.australianEmploymentYears);
  line(
    "australianEmployment",
    "Australian skilled employment",
    australian.points,
    `${yearsText(answers.australianEmploymentYears)}: ${australian.words}`,
  );
  if (answers.overseasEmploymentYears + answers.australianEmploymentYears > EMPLOYMENT_WINDOW_YEARS) {
    warnings.push(
      `Only employment in the ${EMPLOYMENT_WINDOW_YEARS} years before the invitation counts, and your years add up to more: check them.`,
    );
  }
  const employment = overseas.points + australian.points;
  if (employment > rules.employmentCap) {
    line(
      "employmentCap",
      "Employment cap",
      rules.employmentCap - employment,
      `Skilled employment gives at most ${rules.employmentCap} points together, not ${employment}`,
    );
    warnings.push(
      `Your employment is worth ${employment} points, but overseas and Australian employment together count for at most ${rules.employmentCap}.`,
    );
  }

  const qualification = rules.qualification[answers.qualification];
  line(
    "qualification",
    "Qualification",
    qualification.points,
    answers.qualification === "none"
      ? "No qualification that gives points"
      : `${qualification.label} (the highest one only counts)`,
  );

  for (const flag of FLAGS) {
    const yes = answers[flag.factor];
    line(flag.factor, flag.label, yes ? rules[flag.factor] : 0, yes ? flag.yes : flag.no);
  }

  const partner = rules.partner[answers.partner];
  line("partner", "Partner skills", partner.points, partner.label);

  const total = lines.reduce((sum, l) => sum + l.points, 0);
  const subclasses = SUBCLASSES.map((subclass): SubclassResult => {
    const nominationPoints = rules.nomination[subclass];
    const withNomination = total + nominationPoints;
    const eligible = !tooOld && withNomination >= rules.passMark;
    const nominated = nominationPoints
      ? ` with ${nominationPoints} points for ${subclass === "190" ? "State or Territory nomination" : "nomination or regional family sponsorship"}`
      : "";
    const reason = tooOld
      ? `Not open to applicants aged ${rules.maxAgeExclusive} or over`
      : eligible
        ? `${withNomination} points${nominated}: meets the pass mark of ${rules.passMark}`
        : `${withNomination} points${nominated}: ${rules.passMark - withNomination} short of the pass mark of ${rules.passMark}`;
    return { subclass, name: SUBCLASS_NAMES[subclass], nominationPoints, total: withNomination, eligible, reason };
  });

  return {
    rules: { version: rules.version, effectiveFrom: rules.effectiveFrom },
    age,
    total,
    passMark: rules.passMark,
    subclasses,
    lines,
    warnings,
  };
}
