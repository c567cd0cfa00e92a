import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { importRegister } from "~/features/sponsors/import.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { createTestDatabase } from "../../../tests/support/test-db";
import { readFeed } from "./feed";
import { importJobs } from "./import.server";
import { type JobSearch, readJobSearch } from "./search-params";
import { nearestWord, searchJobs } from "./search.server";

const REGISTER = `Organisation Name,Town/City,County,Type & Rating,Route
Acme Software Limited,London,,Worker (A rating),Skilled Worker
`;
const NOW = new Date("2026-11-23T12:00:00Z");
const days = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
const base = { employer: "Acme Software Ltd", description: "A job.", apply_email: "jobs@acme.example" };
const FEED = [
  {
    ...base,
    id: "1",
    title: "Software developer",
    town: "London",
    region: "London",
    type: "full-time",
    soc: "2134",
    salary: "£56,000 per annum",
    posted_at: days(1),
  },
  {
    ...base,
    id: "2",
    title: "Graduate software developer",
    town: "Leeds",
    region: "Yorkshire and the Humber",
    type: "graduate-scheme",
    soc: "2134",
    salary: "£40,000 per annum",
    posted_at: days(5),
    remote: "hybrid",
  },
  {
    ...base,
    id: "3",
    title: "Data analyst",
    employer: "Borough Council",
    town: "Leeds",
    region: "Yorkshire and the Humber",
    type: "full-time",
    soc: "2433",
    salary: "£30,000 per annum",
    posted_at: days(10),
  },
  {
    ...base,
    id: "4",
    title: "Barista",
    employer: "Bean Co",
    town: "London",
    region: "London",
    type: "part-time",
    salary: "£12.50 per hour",
    hours_per_week: 20,
    posted_at: days(2),
  },
  {
    ...base,
    id: "5",
    title: "Marketing intern",
    employer: "Bright Media",
    town: "Manchester",
    region: "North West",
    type: "internship",
    salary: "Competitive",
    posted_at: days(20),
    remote: "remote",
  },
  {
    ...base,
    id: "6",
    title: "Senior developer",
    town: "London",
    region: "London",
    type: "contract",
    soc: "2134",
    salary: "£600 per day",
    posted_at: days(40),
    remote: "remote",
    description: "Typescript and **databases**.",
  },
];

let database: Database;
let rules: RuleSet;
beforeAll(async () => {
  database = await createTestDatabase();
  rules = (await ruleSetFor("2026-11-23"))!;
  await importRegister(
    database.db,
    (async function* () {
      yield REGISTER;
    })(),
    { registerDate: "2026-06-25", source: "fixture" },
  );
  const feed = await readFeed(
    (async function* () {
      yield FEED.map((j) => JSON.stringify(j)).join("\n");
    })(),
    "jsonl",
  );
  const imported = await importJobs(database.db, feed, { source: "test", now: NOW, today: "2026-11-23", rules });
  expect(imported.ok).toBe(true);
});
afterAll(() => database?.close());

const search = (s: JobSearch = {}) => searchJobs(database.db, s, NOW, rules.occupations);
const titles = async (s: JobSearch) => (await search(s)).results.map((r) => r.title);

describe("searchJobs", () => {
  it("finds words in titles and descriptions, and a misspelt employer or title", async () => {
    expect((await titles({ q: "developer" })).sort()).toEqual([
      "Graduate software developer",
      "Senior developer",
      "Software developer",
    ]);
    expect(await titles({ q: "databases" })).toEqual(["Senior developer"]);
    expect(await titles({ q: "Bean Co" })).toEqual(["Barista"]);
    expect(await titles({ q: "brigth media" })).toEqual(["Marketing intern"]);
    expect(await titles({ q: "sofware developer" })).toContain("Software developer");
  });

  it("combines filters, and every result satisfies every one", async () => {
    const filters: JobSearch[] = [
      { location: "london" },
      { location: "Yorkshire and the Humber", type: "full-time" },
      { sponsorship: "likely" },
      { remote: "remote" },
      { salary_min: 35_000 },
      { posted_within: 7 },
      { q: "developer", remote: "hybrid" },
    ];
    for (const filter of filters) {
      const answer = await search(filter);
      expect(answer.total, JSON.stringify(filter)).toBeGreaterThan(0);
      for (const r of answer.results) {
        if (filter.location)
          expect([r.location.town, r.location.region].map((v) => v?.toLowerCase())).toContain(
            filter.location.toLowerCase(),
          );
        if (filter.type) expect(r.type).toBe(filter.type);
        if (filter.sponsorship) expect(r.sponsorship.status).toBe(filter.sponsorship);
        if (filter.remote) expect(r.location.remote).toBe(filter.remote);
        if (filter.salary_min)
          expect(
            (r.salary.period === "hour" ? r.salary.max! * (r.hoursPerWeek ?? 37.5) * 52 : r.salary.max!) >=
              filter.salary_min,
          ).toBe(true);
        if (filter.posted_within)
          expect(new Date(r.postedAt).getTime()).toBeGreaterThanOrEqual(
            NOW.getTime() - filter.posted_within * 86_400_000,
          );
      }
    }
    expect(await titles({ location: "Leeds", type: "full-time" })).toEqual(["Data analyst"]);
    expect(await titles({ salary_min: 100_000 })).toEqual(["Senior developer"]);
  });

  it("counts each facet over the other filters, and each count is what choosing it gives", async () => {
    const within = { location: "London" } as const;
    const { facets, total } = await search(within);
    expect(facets.type.reduce((sum, f) => sum + f.count, 0)).toBe(total);
    for (const [name, values] of Object.entries(facets) as [
      keyof typeof facets,
      { value: string; count: number }[],
    ][]) {
      for (const { value, count } of values)
        expect((await search({ ...within, [name]: value })).total, `${name}=${value}`).toBe(count);
    }
    // Choosing a type leaves the type facet counting every type.
    expect((await search({ ...within, type: "part-time" })).facets.type).toEqual(facets.type);
  });

  it("sorts by date or by salary (a year's pay, hourly pay over the hours), 20 a page", async () => {
    expect(await titles({ sort: "date" })).toEqual([
      "Software developer",
      "Barista",
      "Graduate software developer",
      "Data analyst",
      "Marketing intern",
      "Senior developer",
    ]);
    expect((await titles({ sort: "salary" })).slice(0, 3)).toEqual([
      "Senior developer",
      "Software developer",
      "Graduate software developer",
    ]);
    expect(await search({ page: 2 })).toMatchObject({ total: 6, page: 2, pageSize: 20, results: [] });
  });

  it("answers each job in the documented shape", async () => {
    const [job] = (await search({ q: "Software developer", location: "London" })).results;
    expect(job).toEqual({
      slug: expect.stringMatching(/^software-developer-acme-software-ltd-[a-z0-9]{6}$/),
      title: "Software developer",
      employer: { name: "Acme Software Ltd", sponsorSlug: expect.any(String) },
      location: { town: "London", region: "London", country: "GB", remote: "on-site" },
      salary: { min: 56_000, max: 56_000, currency: "GBP", period: "year", competitive: false },
      hoursPerWeek: null,
      type: "full-time",
      soc: { code: "2134", title: "Programmers and software development professionals", confidence: 1 },
      postedAt: days(1),
      closingDate: null,
      sponsorship: {
        status: "likely",
        reasons: expect.arrayContaining(["The employer holds a Skilled Worker licence (A rating)."]),
      },
      url: `/jobs/${job!.slug}`,
      demo: false,
      verifiedSponsor: false,
    });
  });
});

describe("readJobSearch", () => {
  it("names each bad parameter", () => {
    const read = (query: string) => {
      const r = readJobSearch(new URLSearchParams(query));
      return r.ok ? [] : r.errors.map((e) => e.field);
    };
    expect(read("page=0")).toEqual(["page"]);
    expect(read("salary_min=lots")).toEqual(["salary_min"]);
    expect(read("type=permanent&sort=best")).toEqual(["type", "sort"]);
    expect(read(`q=${"a".repeat(201)}`)).toEqual(["q"]);
    expect(read("posted_within=2")).toEqual(["posted_within"]);
    expect(read("colour=red")).toEqual(["colour"]);
    expect(readJobSearch(new URLSearchParams("q=&page=2&posted_within=7"))).toEqual({
      ok: true,
      search: { page: 2, posted_within: 7 },
    });
  });
});

describe("searchJobs with misspelt words", () => {
  const more = { description: "A job.", apply_email: "jobs@example.test", type: "full-time", posted_at: days(3) };
  beforeAll(async () => {
    const feed = await readFeed(
      (async function* () {
        yield [
          { ...more, id: "t1", title: "Chartered accountant", employer: "Ledger & Co" },
          { ...more, id: "t2", title: "Staff nurse", employer: "City Hospital", posted_at: days(8) },
          { ...more, id: "t3", title: "Nursery nurse", employer: "Little Steps", posted_at: days(9) },
          {
            ...more,
            id: "t4",
            title: "Purser",
            employer: "Ocean Cruises",
            description: "Lead the cabin crew.",
            posted_at: days(1),
          },
          {
            ...more,
            id: "t5",
            title: "Practice manager",
            employer: "Green Surgery",
            description: "Support the nurse team.",
            posted_at: days(1),
          },
        ]
          .map((j) => JSON.stringify(j))
          .join("\n");
      })(),
      "jsonl",
    );
    expect((await importJobs(database.db, feed, { source: "typos", now: NOW, today: "2026-11-23", rules })).ok).toBe(
      true,
    );
  });

  const hasWord = (word: string) => (r: { title: string; employer: { name: string } }) =>
    `${r.title} ${r.employer.name}`.toLowerCase().includes(word);

  it("finds the right word for a word with a letter missing, wrong, or two letters swapped", async () => {
    const software = await titles({ q: "software" });
    expect(software).toContain("Software developer");
    for (const q of ["sofware", "sotfware", "softwere"]) expect(await titles({ q }), q).toEqual(software);
    expect(await titles({ q: "acountant" })).toEqual(["Chartered accountant"]);
    expect(await titles({ q: "ledgr" })).toEqual(["Chartered accountant"]);
    expect(await titles({ q: "sofware developer", location: "Leeds" })).toEqual(["Graduate software developer"]);
  });

  it("leaves a correct word as it is: its own matches, title matches first, and no look-alike", async () => {
    const { results } = await search({ q: "nurse" });
    expect(results.slice(0, 2).every(hasWord("nurse"))).toBe(true);
    expect(results.map((r) => r.title)).toEqual(
      expect.arrayContaining(["Staff nurse", "Nursery nurse", "Practice manager"]),
    );
    expect(results.at(-1)!.title).toBe("Practice manager");
    expect(results.map((r) => r.title)).not.toContain("Purser");
    expect(await titles({ q: "purser" })).toEqual(["Purser"]);
  });
});

describe("nearestWord", () => {
  const words = new Map([
    ["software", 40],
    ["softwares", 1],
    ["nurse", 12],
    ["purse", 30],
  ]);
  it("answers the most used word one edit away, never the word itself, and nothing further", () => {
    expect(nearestWord("sofware", words)).toBe("software");
    expect(nearestWord("softwarex", words)).toBe("software");
    expect(nearestWord("nurse", words)).toBe("purse");
    expect(nearestWord("nrse", words)).toBe("nurse");
    expect(nearestWord("sfotwaer", words)).toBeNull();
  });
});

describe("searchJobs and closing dates", () => {
  it("leaves out an open job whose closing date has passed, and keeps one closing today", async () => {
    const base = {
      description: "A job.",
      apply_email: "jobs@example.test",
      type: "full-time",
      employer: "Harbour Board",
      posted_at: days(40),
    };
    const feed = await readFeed(
      (async function* () {
        yield [
          { ...base, id: "c1", title: "Harbour pilot", closing_date: "2026-11-22" },
          { ...base, id: "c2", title: "Harbour master", closing_date: "2026-11-23" },
        ]
          .map((j) => JSON.stringify(j))
          .join("\n");
      })(),
      "jsonl",
    );
    expect((await importJobs(database.db, feed, { source: "closing", now: NOW, today: "2026-11-23", rules })).ok).toBe(
      true,
    );
    expect(await titles({ q: "harbour" })).toEqual(["Harbour master"]);
    expect((await search({ q: "harbour" })).total).toBe(1);
  });
});

describe("searchJobs after the jobs are written outside the app", () => {
  it("sees a job closed, reopened or judged again by any statement at the next search", async () => {
    const harbour = () => titles({ q: "harbour" });
    expect(await harbour()).toEqual(["Harbour master"]);
    await database.db.execute(sql`update job_postings set status = 'closed' where title = 'Harbour master'`);
    expect(await harbour()).toEqual([]);
    await database.db.execute(
      sql`update job_postings set status = 'open', sponsorship_status = 'unlikely' where title = 'Harbour master'`,
    );
    expect((await search({ q: "harbour", sponsorship: "unlikely" })).total).toBe(1);
    expect((await search({ q: "harbour" })).facets.sponsorship).toEqual([{ value: "unlikely", count: 1 }]);
  });

  it("compares an alert's last run with when a job was added to the microsecond", async () => {
    await database.db.execute(
      sql`update job_postings set created_at = '2026-11-23T12:00:00.000500Z' where title = 'Harbour master'`,
    );
    const addedAfter = async (at: string) =>
      (await searchJobs(database.db, { q: "harbour", addedAfter: new Date(at) }, NOW, rules.occupations)).total;
    expect(await addedAfter("2026-11-23T12:00:00.000Z")).toBe(1);
    expect(await addedAfter("2026-11-23T12:00:00.001Z")).toBe(0);
  });
});
