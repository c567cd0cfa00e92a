import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readCsv } from "~/lib/csv-reader";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { isIsoDay } from "~/lib/dates";
import { LANDING_PAGES, type Paragraph, landingPage } from "./landing-pages";
import { JobSearchSchema } from "./search-params";

const ROOT = path.resolve(import.meta.dirname, "../../..");
/** The paths the issue names, written out here rather than taken from the data under test. */
const ISSUE_PATHS = [
  "/jobs-in-london",
  "/jobs-in-london-finance",
  "/finance-internships-in-london",
  "/visa-sponsored-jobs-in-london",
  "/uk-visa-sponsored-jobs",
  "/marketing-jobs-in-london",
  "/internships-in-london",
  "/internships-in-uk",
  "/marketing-internships-in-london",
  "/law-internships-in-london",
  "/india-career-fair",
];
const OFFICIAL = /^https:\/\/(www\.gov\.uk|assets\.publishing\.service\.gov\.uk)\//;
/** Words that mean a sentence states a rule of a visa, of pay or of sponsorship, which must then cite its source. */
const STATES_A_RULE =
  /£[\d,]+|\d+ hours|Table 1|Temporary Shortage List|Immigration Salary List|going rate|threshold|National Minimum Wage|new entrant|new-entrant rate|apply from inside the UK|sponsor licence/i;

const text = (p: Paragraph) => p.map((part) => (typeof part === "string" ? part : part.text)).join("");
const links = (p: Paragraph) => p.flatMap((part) => (typeof part === "string" ? [] : [part.href]));
/** Every paragraph of a page's copy, named for the failure message. */
const paragraphsOf = (page: (typeof LANDING_PAGES)[number]): [string, Paragraph][] => [
  ...page.intro.map((p, i): [string, Paragraph] => [`${page.path} intro ${i + 1}`, p]),
  ...page.faq.map((f): [string, Paragraph] => [`${page.path} "${f.question}"`, f.answer]),
  ...(page.event?.sections.flatMap((s) =>
    s.items.map((p, i): [string, Paragraph] => [`${page.path} ${s.heading} ${i + 1}`, p]),
  ) ?? []),
];

let rules: RuleSet;
let socCodes: Set<string>;
beforeAll(async () => {
  rules = (await ruleSetFor("2026-11-23"))!;
  // Unit groups and the minor, sub-major and major groups above them, from the ONS file the demo jobs use.
  socCodes = new Set();
  let header: string[] | null = null;
  for await (const { fields } of readCsv(
    fs.createReadStream(path.join(ROOT, "seed-data/soc2020/unit-groups.csv"), { encoding: "utf8" }),
  )) {
    if (!header) header = fields;
    else
      for (const column of ["soc2020_unit_group", "minor_group", "sub_major_group", "major_group"])
        socCodes.add(fields[header.indexOf(column)]!);
  }
});

describe("the landing pages", () => {
  it("are the issue's eleven paths, the route table's landing rows with their titles as headings", () => {
    expect(LANDING_PAGES.map((p) => p.path).sort()).toEqual([...ISSUE_PATHS].sort());
    // Features may not import the route table (layers), so its rows are read as the text they are.
    const table = fs.readFileSync(path.join(ROOT, "app/route-table.ts"), "utf8");
    const rows = [
      ...table.matchAll(
        /\[\s*"([^"]+)",\s*"([^"]+)",\s*\{\s*guard: "open",\s*module: "routes\/public\/jobs-in-london\.tsx"\s*\},?\s*\]/g,
      ),
    ].map((m) => ({ path: m[1], title: m[2] }));
    expect(rows.map((r) => r.path).sort()).toEqual([...ISSUE_PATHS].sort());
    for (const row of rows) expect(landingPage(row.path!)?.heading, row.path).toBe(row.title);
    expect(landingPage("/jobs")).toBeUndefined();
  });

  it("each have a title and description of search-result length, a two-paragraph introduction and a dated check", () => {
    for (const page of LANDING_PAGES) {
      expect(page.title.length, page.path).toBeLessThanOrEqual(60);
      expect(page.title, page.path).toContain(page.heading.replace(/^UK /, ""));
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(70);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
      expect(page.intro).toHaveLength(2);
      for (const p of page.intro) expect(text(p).length, page.path).toBeGreaterThan(120);
      expect(page.checkedOn, page.path).toBe("2026-11-23");
      expect(isIsoDay(page.checkedOn)).toBe(true);
    }
    expect(new Set(LANDING_PAGES.map((p) => p.title)).size).toBe(LANDING_PAGES.length);
    expect(new Set(LANDING_PAGES.map((p) => p.description)).size).toBe(LANDING_PAGES.length);
  });

  it("each answer four to six questions, all different", () => {
    for (const page of LANDING_PAGES) {
      expect(page.faq.length, page.path).toBeGreaterThanOrEqual(4);
      expect(page.faq.length, page.path).toBeLessThanOrEqual(6);
      expect(new Set(page.faq.map((f) => f.question)).size, page.path).toBe(page.faq.length);
      for (const f of page.faq) {
        expect(f.question, page.path).toMatch(/\?$/);
        expect(text(f.answer).length, f.question).toBeGreaterThan(60);
      }
    }
  });

  it("link the official source of every rule they state, and only pages that exist", () => {
    const drafts = new Set<string>();
    const posts = new Set<string>();
    for (const file of fs.readdirSync(path.join(ROOT, "content/posts"))) {
      posts.add(file.replace(/\.md$/, ""));
      if (/^status: draft$/m.test(fs.readFileSync(path.join(ROOT, "content/posts", file), "utf8")))
        drafts.add(file.replace(/\.md$/, ""));
    }
    for (const page of LANDING_PAGES) {
      for (const [where, p] of paragraphsOf(page)) {
        if (STATES_A_RULE.test(text(p)))
          expect(
            links(p).some((href) => OFFICIAL.test(href)),
            `${where} states a rule without its official source`,
          ).toBe(true);
        for (const href of links(p)) {
          expect(href.startsWith("/") || OFFICIAL.test(href), `${where}: ${href}`).toBe(true);
          const slug = /^\/blog\/([\w-]+)$/.exec(href)?.[1];
          if (href.startsWith("/blog/"))
            expect(slug && posts.has(slug) && !drafts.has(slug), `${where}: ${href} is not a published post`).toBe(
              true,
            );
        }
      }
    }
  });

  it("state only figures and tables that the rule data holds", () => {
    const sentences = LANDING_PAGES.flatMap((page) =>
      paragraphsOf(page).map(([where, p]) => [where, text(p)] as const),
    );
    for (const [where, paragraph] of sentences) {
      const codes = [...paragraph.matchAll(/\((\d{4})\)/g)].map((m) => m[1]!);
      for (const code of codes) expect(rules.occupations.get(code)?.table, `${where}: ${code}`).toBeTruthy();
      // Every sum of money is a threshold of the rules or a rate of an occupation the same paragraph names.
      const allowed = new Set([
        rules.generalThreshold,
        rules.lowerThresholds.newEntrant,
        ...codes.flatMap((c) => [rules.occupations.get(c)!.rates!.full, rules.occupations.get(c)!.rates!.pct70]),
      ]);
      for (const [, figure] of paragraph.matchAll(/£([\d,]+)/g))
        expect(allowed.has(Number(figure!.replace(/,/g, ""))), `${where}: £${figure}`).toBe(true);
      for (const sentence of paragraph.split(/\.\s+(?=[A-Z])/)) {
        const named = [...sentence.matchAll(/\((\d{4})\)/g)].map((m) => rules.occupations.get(m[1]!)!);
        if (/Table 1a/.test(sentence))
          for (const o of named) expect(o.table, `${where}: ${o.code} said to be in Table 1a`).toBe("1a");
        else if (/Table 1\b/.test(sentence))
          for (const o of named) expect(o.table, `${where}: ${o.code} said to be in Table 1`).toBe("1");
        if (/Temporary Shortage List/.test(sentence)) {
          for (const o of named)
            expect(
              o.shortageList?.cosIssuedBefore,
              `${where}: ${o.code} said to be on the Temporary Shortage List`,
            ).toBe("2026-12-31");
          expect(sentence, where).toContain("31 December 2026");
        }
      }
    }
    expect(rules.generalThreshold).toBe(41_700);
    expect(rules.lowerThresholds.newEntrant).toBe(33_400);
  });

  it("filter with values the job search accepts, and occupations that are SOC 2020 codes or groups", () => {
    for (const page of LANDING_PAGES) {
      const { location, type, sponsorship, within, occupations } = page.filter;
      const searched = Object.fromEntries(
        Object.entries({ location, type, sponsorship }).filter(([, v]) => v !== undefined),
      );
      const parsed = JobSearchSchema.safeParse(searched);
      expect(parsed.success, page.path).toBe(true);
      expect(parsed.data, page.path).toEqual(searched);
      if (within)
        for (const t of within)
          expect(JobSearchSchema.safeParse({ type: t }).success, `${page.path} within ${t}`).toBe(true);
      if (occupations) {
        expect(occupations.length, page.path).toBeGreaterThan(0);
        for (const prefix of occupations) expect(socCodes.has(prefix), `${page.path}: ${prefix}`).toBe(true);
        // Each prefix reaches an occupation of the rules, so the list can hold sponsorable jobs.
        for (const prefix of occupations)
          expect(
            [...rules.occupations.keys()].some((c) => c.startsWith(prefix)),
            prefix,
          ).toBe(true);
      }
      // A page /jobs cannot reproduce names the wider search it links instead.
      expect(Boolean(page.widerLabel), page.path).toBe(Boolean(within || occupations));
    }
    const filterOf = (p: string) => landingPage(p)!.filter;
    for (const p of ISSUE_PATHS.filter((p) => p.includes("london"))) expect(filterOf(p).location, p).toBe("London");
    for (const p of ISSUE_PATHS.filter((p) => p.includes("internships")))
      expect(filterOf(p).type, p).toBe("internship");
    for (const p of ISSUE_PATHS.filter((p) => p.includes("visa-sponsored")))
      expect(filterOf(p).sponsorship, p).toBe("likely");
    expect(filterOf("/law-internships-in-london").occupations).toEqual(["241", "3520"]);
    expect(filterOf("/india-career-fair")).toEqual({
      sponsorship: "new-entrant",
      within: ["full-time", "graduate-scheme"],
    });
  });

  it("give the fair a weekday ahead of the check, and the same times in India and in the UK as its ISO times", () => {
    const event = landingPage("/india-career-fair")!.event!;
    const start = new Date(event.startDate);
    const end = new Date(event.endDate);
    const parts = (d: Date, timeZone: string) =>
      Object.fromEntries(
        new Intl.DateTimeFormat("en-GB", {
          weekday: "long",
          day: "numeric",
          month: "long",
          year: "numeric",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
          timeZone,
        })
          .formatToParts(d)
          .map((p) => [p.type, p.value]),
      );
    const india = [parts(start, "Asia/Kolkata"), parts(end, "Asia/Kolkata")];
    const uk = [parts(start, "Europe/London"), parts(end, "Europe/London")];
    expect(event.day).toBe(`${india[0]!.weekday} ${india[0]!.day} ${india[0]!.month} ${india[0]!.year}`);
    expect(["Saturday", "Sunday"]).not.toContain(india[0]!.weekday);
    expect(event.indiaTime).toBe(
      `${india[0]!.hour}:${india[0]!.minute} to ${india[1]!.hour}:${india[1]!.minute} India Standard Time (IST)`,
    );
    expect(event.ukTime).toBe(`${uk[0]!.hour}:${uk[0]!.minute} to ${uk[1]!.hour}:${uk[1]!.minute} UK time (GMT)`);
    // GMT, not BST: the UK is on winter time on the day.
    expect(
      new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", timeZoneName: "short" }).format(start),
    ).toMatch(/GMT$/);
    expect(start.getTime()).toBeGreaterThan(Date.parse("2026-11-23T23:59:59Z") + 14 * 86_400_000);
    expect(
      landingPage("/india-career-fair")!
        .faq.map((f) => text(f.answer))
        .join(" "),
    ).toContain(`${event.ukTime} on ${event.day}`);
    expect(LANDING_PAGES.filter((p) => p.event).map((p) => p.path)).toEqual(["/india-career-fair"]);
  });
});
