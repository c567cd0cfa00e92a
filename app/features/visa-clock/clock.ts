import type { StudyLevel, VisaType } from "~/db/schema/student-profile-values";
import type { StudentProfile } from "~/db/schema/student-profiles";
import { type GraduateLength, type Source, UK_RULES, type UkRuleSet } from "./rules";

export type ClockInput = {
  visaType: VisaType | null;
  /** The current visa's end, YYYY-MM-DD. */
  visaExpiry: string | null;
  /** When the course ends, YYYY-MM-DD. */
  courseEnd: string | null;
  /** Only the month of `courseEnd` is known (the profile asks for the graduation month): its last day is used. */
  courseEndMonthOnly?: boolean;
  level: StudyLevel | null;
  today: string;
};

export type Milestone = {
  /** Stable within a person's clock: the calendar reminders' identity. */
  id: string;
  date: string;
  title: string;
  detail: string;
  source: Source | null;
  /** A date worked out from an assumption (the detail says which), not one the person gave. */
  estimated: boolean;
};

export type Clock = {
  milestones: Milestone[];
  /** Days from today to the visa's end (negative once it has passed), or null without one. */
  daysLeft: number | null;
  warnings: string[];
  /** What the clock needs to say more: the profile fields missing. */
  missing: ("visaType" | "visaExpiry" | "courseEnd" | "level")[];
  rules: { version: string; checkedOn: string };
};

const DAY = 86_400_000;
const time = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => iso(time(date) + days * DAY);
export const daysBetween = (from: string, to: string) => Math.round((time(to) - time(from)) / DAY);

/** The same day `months` later, or the last day of that month when it has no such day. */
export function monthsLater(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, last)));
}

const UK_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
export const ukDay = (date: string) => UK_DAY.format(new Date(time(date)));

/** The Graduate route's length for an application made on `applied`. */
export function graduateLength(rules: UkRuleSet, applied: string): GraduateLength | null {
  return rules.graduate.lengths.filter((l) => l.appliedFrom <= applied).at(-1) ?? null;
}

/** The warning's time is ours to choose, and a reader should not take it for a rule. */
const ownWarning = (rules: UkRuleSet) =>
  ` We warn from ${rules.warnDays} days before a visa ends: our own reminder, not an official deadline.`;

const years = (months: number) => (months % 12 === 0 ? `${months / 12} years` : `${months} months`);

/**
 * A student's dated milestones from their visa and course, under the UK rules: when the course ends,
 * the window to apply for the Graduate route (from the university's report of completion to the
 * Student visa's expiry), how long that visa would last (by the date of application: the rules
 * changed for applications from 1 January 2027), and when a Skilled Worker switch must be made.
 * Dates the person did not give are estimates and say so; nothing is guessed past the rules.
 */
export function visaClock(input: ClockInput, rules: UkRuleSet = UK_RULES): Clock {
  const { visaType, visaExpiry, courseEnd, level, today } = input;
  const milestones: Milestone[] = [];
  const warnings: string[] = [];
  const missing: Clock["missing"] = [];
  if (!visaType) missing.push("visaType");
  // Someone who needs no visa has no visa dates to give.
  if (!visaExpiry && visaType !== "none_needed") missing.push("visaExpiry");
  const daysLeft = visaExpiry ? daysBetween(today, visaExpiry) : null;
  const doctoral = level === "postgraduate_research";
  const result = () => ({
    milestones: milestones.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id)),
    daysLeft,
    warnings,
    missing,
    rules: { version: rules.version, checkedOn: rules.checkedOn },
  });

  if (visaExpiry && daysLeft !== null && daysLeft < 0) {
    warnings.push(
      `The visa end date in your profile, ${ukDay(visaExpiry)}, has passed. If you have a new visa, update your profile; if not, get advice from your university's international student advisers now.`,
    );
  }

  if (visaType === "student") {
    if (!courseEnd) missing.push("courseEnd");
    if (!level) missing.push("level");
    if (courseEnd) {
      milestones.push({
        id: "course-end",
        date: courseEnd,
        title: "Your course ends",
        detail: `${input.courseEndMonthOnly ? "You gave us the month you graduate: this is its last day. " : ""}Your university reports your completion to the Home Office after this: only then can you apply for the Graduate route.`,
        source: rules.graduate.source,
        estimated: input.courseEndMonthOnly ?? false,
      });
    }
    if (visaExpiry) {
      milestones.push({
        id: "student-visa-end",
        date: visaExpiry,
        title: "Your Student visa ends",
        detail:
          "The last day to apply for the Graduate route, or to switch to a Skilled Worker visa, from inside the UK.",
        source: rules.graduate.source,
        estimated: false,
      });
      if (courseEnd && courseEnd > visaExpiry) {
        warnings.push(
          `Your course ends (${ukDay(courseEnd)}) after your Student visa does (${ukDay(visaExpiry)}): you could not apply for the Graduate route in time. Check both dates, and speak to your university's visa advisers about extending your Student visa.`,
        );
      }
      const opens = courseEnd ? addDays(courseEnd, rules.completionReportWeeks * 7) : null;
      if (opens && courseEnd! <= visaExpiry) {
        milestones.push({
          id: "graduate-window-opens",
          date: opens < visaExpiry ? opens : visaExpiry,
          title: "The Graduate route opens to you",
          detail: `Once your university has reported that you completed your course, you can apply, until ${ukDay(visaExpiry)}. This date is our estimate, not an official rule: universities often report about ${rules.completionReportWeeks} weeks after the course ends, so ask yours.`,
          source: rules.graduate.source,
          estimated: true,
        });
      }
      // The length depends on the day of application: a change inside the window is a deadline of its own.
      // The earliest day left to apply: today, or the window's opening when it is still to come.
      const earliest = opens && opens > today ? opens : today;
      const first = earliest < visaExpiry ? earliest : visaExpiry;
      const atFirst = graduateLength(rules, first);
      const atLast = graduateLength(rules, visaExpiry);
      if (atFirst && atLast && atFirst !== atLast) {
        const lastDay = addDays(atLast.appliedFrom, -1);
        const [before, after] = doctoral
          ? [atFirst.doctoralMonths, atLast.doctoralMonths]
          : [atFirst.months, atLast.months];
        if (before !== after) {
          milestones.push({
            id: "graduate-length-changes",
            date: lastDay,
            title: `Apply by today for ${years(before)} on the Graduate route`,
            detail: `Applications made from ${ukDay(atLast.appliedFrom)} get ${years(after)}, not ${years(before)}.`,
            source: atLast.source,
            estimated: false,
          });
          if (daysLeft !== null && daysBetween(today, lastDay) >= 0)
            warnings.push(
              `Apply for the Graduate route by ${ukDay(lastDay)} to get ${years(before)}: from ${ukDay(atLast.appliedFrom)} it is ${years(after)}.`,
            );
        }
      }
      if (atLast) {
        const months = doctoral ? atLast.doctoralMonths : atLast.months;
        // Approval takes weeks, and the visa runs from the day it is approved: applying on the last day gives the latest end.
        const ends = monthsLater(visaExpiry, months);
        milestones.push({
          id: "graduate-visa-end",
          date: ends,
          title: "A Graduate visa would end about now",
          detail: `A Graduate visa lasts ${years(months)}${doctoral ? " after a doctorate" : ""} from the day it is approved; this is its end if it were approved on the day your Student visa ends. Switch to a Skilled Worker visa before it ends: it cannot be extended.`,
          source: atLast.source,
          estimated: true,
        });
      }
      if (daysLeft !== null && daysLeft >= 0 && daysLeft <= rules.warnDays)
        warnings.push(
          `Your Student visa ends in ${daysLeft} days, on ${ukDay(visaExpiry)}. Apply for the Graduate route or switch to a Skilled Worker visa before then.${ownWarning(rules)}`,
        );
    }
  } else if (visaType === "graduate" && visaExpiry) {
    milestones.push({
      id: "graduate-visa-end",
      date: visaExpiry,
      title: "Your Graduate visa ends: switch before this day",
      detail:
        "The Graduate visa cannot be extended. To stay and work, switch to a Skilled Worker visa (an employer with a licence assigns you a certificate of sponsorship) before it ends.",
      source: rules.skilledWorker.source,
      estimated: false,
    });
    if (daysLeft !== null && daysLeft >= 0 && daysLeft <= rules.warnDays)
      warnings.push(
        `Your Graduate visa ends in ${daysLeft} days, on ${ukDay(visaExpiry)}: a switch to a Skilled Worker visa must be applied for before then.${ownWarning(rules)}`,
      );
  } else if (visaType === "skilled_worker" && visaExpiry) {
    milestones.push({
      id: "skilled-worker-end",
      date: visaExpiry,
      title: "Your Skilled Worker visa ends",
      detail: "Your employer assigns a new certificate of sponsorship for you to extend it; apply before it ends.",
      source: {
        title: "Skilled Worker visa: extend your visa (GOV.UK)",
        url: "https://www.gov.uk/skilled-worker-visa/extend-your-visa",
      },
      estimated: false,
    });
  }
  return result();
}

/** A student's clock from their profile's visa and course dates. */
export function clockOfProfile(profile: StudentProfile | null, today: string) {
  return visaClock({
    visaType: profile?.visaType ?? null,
    visaExpiry: profile?.visaExpiry ?? null,
    // The profile keeps the graduation month as its first day.
    courseEnd: profile?.graduationDate ? addDays(monthsLater(profile.graduationDate, 1), -1) : null,
    courseEndMonthOnly: true,
    level: profile?.studyLevel ?? null,
    today,
  });
}
