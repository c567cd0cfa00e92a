/**
 * The UK routes a student's clock runs on, as data: a change of law is a new period of a rule (with
 * the date it applies from and its official source), not a change of code. The clock (clock.ts) reads
 * only this. Other countries' post-study routes are named with their official pages; their rules are
 * not modelled here, and the page says so.
 */

export type Source = { title: string; url: string };

/** How long the Graduate route lasts for an application made from `appliedFrom` (inclusive). */
export type GraduateLength = { appliedFrom: string; months: number; doctoralMonths: number; source: Source };

export type UkRuleSet = {
  version: string;
  /** When these rules were last checked against their sources. */
  checkedOn: string;
  graduate: {
    /** Periods in date order: the one in force on the day of application applies. */
    lengths: GraduateLength[];
    /** An application must be made in the UK before the Student visa expires, once the university has reported completion. */
    source: Source;
  };
  skilledWorker: {
    /** A switch from a Student or Graduate visa is made in the UK before the current permission ends. */
    source: Source;
  };
  /**
   * The university reports completion some weeks after the course ends; a student can apply only then.
   * Our own estimate of those weeks, not an official rule: the clock says so where it uses it.
   */
  completionReportWeeks: number;
  /** From this many days before a visa ends, the clock warns: our own choice, not an official deadline, and the warning says so. */
  warnDays: number;
};

const GRADUATE_VISA: Source = { title: "Graduate visa (GOV.UK)", url: "https://www.gov.uk/graduate-visa" };

export const UK_RULES: UkRuleSet = {
  version: "uk-2026-11-25",
  checkedOn: "2026-11-25",
  graduate: {
    lengths: [
      { appliedFrom: "2021-07-01", months: 24, doctoralMonths: 36, source: GRADUATE_VISA },
      {
        appliedFrom: "2027-01-01",
        months: 18,
        doctoralMonths: 36,
        source: {
          title: "Statement of changes to the Immigration Rules: HC 1333, 14 October 2025 (GOV.UK)",
          url: "https://www.gov.uk/government/publications/statement-of-changes-to-the-immigration-rules-hc-1333-14-october-2025",
        },
      },
    ],
    source: GRADUATE_VISA,
  },
  skilledWorker: {
    source: {
      title: "Skilled Worker visa: switch from a different visa (GOV.UK)",
      url: "https://www.gov.uk/skilled-worker-visa/switch-to-this-visa",
    },
  },
  completionReportWeeks: 4,
  warnDays: 90,
};

/**
 * Post-study routes of the other countries the platform serves: what their official pages state, as
 * far as we have checked it (`facts`, dated), and where to read the rest. Where we state nothing, the
 * page says to read the official page.
 */
export const OTHER_COUNTRIES: {
  country: string;
  route: string;
  source: Source;
  facts?: { text: string; checkedOn: string }[];
}[] = [
  {
    country: "Australia",
    route: "Temporary Graduate visa (subclass 485)",
    source: {
      title: "Temporary Graduate visa, subclass 485 (Department of Home Affairs)",
      url: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/temporary-graduate-485",
    },
  },
  {
    country: "Canada",
    route: "Post-graduation work permit (PGWP)",
    source: {
      title: "Post-graduation work permit (Government of Canada)",
      url: "https://www.canada.ca/en/immigration-refugees-citizenship/services/study-canada/work/after-graduation.html",
    },
  },
  {
    country: "Ireland",
    route: "Third Level Graduate Programme (Stamp 1G)",
    source: {
      title: "Third Level Graduate Programme (Irish Immigration Service)",
      url: "https://irishimmigration.ie/my-situation-has-changed-since-i-arrived-in-ireland/third-level-graduate-programme",
    },
    facts: [
      { text: "After a level 8 award: a 12-month permission.", checkedOn: "2026-11-25" },
      {
        text: "After a level 9 award or above: 12 months, which may be renewed for 12 more if you show you are looking for graduate-level work (within an overall limit).",
        checkedOn: "2026-11-25",
      },
    ],
  },
];
