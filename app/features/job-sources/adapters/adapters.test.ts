import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { FeedRecordSchema } from "~/features/jobs";
import { ADAPTER_KINDS, adapters, type AdapterKind, type FeedRecordInput } from "./index";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

type Case = {
  file: string;
  url: string;
  employer?: string;
  records: FeedRecordInput[];
  /** Each problem's id and a part of its message. */
  problems: [string | undefined, string][];
  next?: string;
};

// Written by hand from each fixture (what its provider's documentation says each field means).
const CASES: Record<AdapterKind, Case> = {
  greenhouse: {
    file: "greenhouse.json",
    url: "https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true",
    employer: "Acme (as the source names it)",
    records: [
      {
        id: "4012345",
        title: "Graduate Data Analyst",
        employer: "Acme Analytics",
        town: "London",
        country: "GB",
        salary: "£32,000 - £36,000 per annum",
        type: "graduate-scheme",
        description: "## About the role\n\nJoin our **data** team & learn.\n\n- SQL\n- Python",
        apply_url: "https://job-boards.greenhouse.io/acme/jobs/4012345",
        posted_at: "2026-11-02T15:00:00.000Z",
      },
      {
        id: "4012346",
        title: "Senior Engineer (Berlin or London)",
        employer: "Acme Analytics",
        town: "London",
        country: "GB",
        type: "full-time",
        description: "We ship 🚀 every day.\n\nSalary: competitive",
        apply_url: "https://job-boards.greenhouse.io/acme/jobs/4012346",
        posted_at: "2026-11-21T12:00:00.000Z",
      },
      {
        id: "4012347",
        title: "Ingénieure logiciel",
        employer: "Acme Analytics",
        country: "FR",
        remote: "remote",
        type: "full-time",
        description: "Équipe à Lyon, télétravail complet.",
        apply_url: "https://job-boards.greenhouse.io/acme/jobs/4012347",
        posted_at: "2026-11-22T08:00:00.000Z",
      },
      {
        id: "4012349",
        title: "مهندس برمجيات أول",
        employer: "Acme (as the source names it)",
        town: "Dubai",
        country: "AE",
        type: "full-time",
        description: "انضم إلى فريقنا في دبي.",
        apply_url: "https://job-boards.greenhouse.io/acme/jobs/4012349",
        posted_at: "2026-11-23T06:00:00.000Z",
      },
    ],
    problems: [["4012348", "title"]],
  },
  lever: {
    file: "lever.json",
    url: "https://api.lever.co/v0/postings/northco?mode=json",
    employer: "North Co",
    records: [
      {
        id: "0d3c1a52-7d1e-4b5f-9a10-000000000001",
        title: "Marketing Intern (Summer 2027)",
        employer: "North Co",
        town: "Manchester",
        country: "GB",
        remote: "on-site",
        salary_min: 1800,
        salary_max: 2000,
        salary_currency: "GBP",
        salary_period: "month",
        type: "internship",
        description:
          "**Who we are**\n\nWe're a small team in the north.\n\n### What you'll do\n\n- Write posts\n- Run events\n\nClosing date: when filled.",
        apply_url: "https://jobs.lever.co/northco/0d3c1a52-7d1e-4b5f-9a10-000000000001/apply",
        posted_at: "2026-11-18T12:00:00.000Z",
      },
      {
        id: "0d3c1a52-7d1e-4b5f-9a10-000000000002",
        title: "Staff Engineer",
        employer: "North Co",
        town: "San Francisco",
        region: "CA",
        country: "US",
        remote: "remote",
        salary_min: 180000,
        salary_max: 220000,
        salary_currency: "USD",
        salary_period: "year",
        salary: "Base pay plus equity",
        type: "full-time",
        description: "Build [our stack](https://example.com/stack).",
        apply_url: "https://jobs.lever.co/northco/0d3c1a52-7d1e-4b5f-9a10-000000000002/apply",
        posted_at: "2026-11-16T09:00:00.000Z",
      },
      {
        id: "0d3c1a52-7d1e-4b5f-9a10-000000000003",
        title: "Conseillère clientèle 💬",
        employer: "North Co",
        town: "London",
        country: "GB",
        remote: "hybrid",
        type: "part-time",
        description: "שלום — we speak many languages.",
        apply_url: "https://jobs.lever.co/northco/0d3c1a52-7d1e-4b5f-9a10-000000000003",
        posted_at: "2026-11-17T10:30:00.000Z",
      },
    ],
    problems: [
      ["0d3c1a52-7d1e-4b5f-9a10-000000000004", "posted_at is required"],
      ["0d3c1a52-7d1e-4b5f-9a10-000000000005", "text"],
    ],
  },
  ashby: {
    file: "ashby.json",
    url: "https://api.ashbyhq.com/posting-api/job-board/brightco?includeCompensation=true",
    employer: "Bright Co",
    records: [
      {
        id: "5f2b7c1e-0000-4a6b-8c9d-000000000001",
        title: "Backend Engineer",
        employer: "Bright Co",
        town: "London",
        region: "England",
        country: "GB",
        remote: "hybrid",
        salary_min: 70000,
        salary_max: 90000,
        salary_currency: "GBP",
        salary_period: "year",
        salary: "£70K - £90K",
        type: "full-time",
        description: "Our _platform_ team runs the money.",
        apply_url: "https://jobs.ashbyhq.com/brightco/5f2b7c1e-0000-4a6b-8c9d-000000000001/application",
        posted_at: "2026-11-10T08:30:00.000Z",
      },
      {
        // Berlin first, a UK-wide remote place second: the UK one is kept.
        id: "5f2b7c1e-0000-4a6b-8c9d-000000000002",
        title: "Account Executive, DACH",
        employer: "Bright Co",
        country: "GB",
        remote: "remote",
        type: "full-time",
        description: "Sell in München & Zürich.",
        apply_url: "https://jobs.ashbyhq.com/brightco/5f2b7c1e-0000-4a6b-8c9d-000000000002/application",
        posted_at: "2026-11-11T10:00:00.000Z",
      },
    ],
    // The unlisted job (…0003) is neither a record nor a problem.
    problems: [
      ["5f2b7c1e-0000-4a6b-8c9d-000000000004", "posted_at is required"],
      ["5f2b7c1e-0000-4a6b-8c9d-000000000005", "title"],
    ],
  },
  workable: {
    file: "workable.json",
    url: "https://apply.workable.com/api/v1/widget/accounts/fabrica?details=true",
    records: [
      {
        id: "A1B2C3D4E5",
        title: "Customer Success Manager",
        employer: "Fábrica Ltd",
        town: "Bristol",
        region: "England",
        country: "GB",
        type: "full-time",
        description: "Help our customers **succeed**.",
        apply_url: "https://apply.workable.com/j/A1B2C3D4E5/apply",
        posted_at: "2026-11-12",
      },
      {
        id: "F6G7H8I9J0",
        title: "Traductor/a técnico/a",
        employer: "Fábrica Ltd",
        town: "Edinburgh",
        region: "Scotland",
        country: "GB",
        remote: "remote",
        type: "contract",
        description: "¿Hablas español? 🇪🇸",
        apply_url: "https://apply.workable.com/j/F6G7H8I9J0/apply",
        posted_at: "2026-11-13",
      },
    ],
    problems: [
      ["K1L2M3N4O5", "description is required"],
      [undefined, "shortcode"],
    ],
  },
  smartrecruiters: {
    file: "smartrecruiters.json",
    url: "https://api.smartrecruiters.com/v1/companies/AcmeLogistics1/postings?limit=3",
    records: [
      {
        id: "744000012345678",
        title: "Warehouse Operative – Nights",
        employer: "Acme Logistics",
        town: "Coventry",
        region: "England",
        country: "GB",
        type: "temporary",
        description:
          "### Job Description\n\nPick & pack.\n\n### Qualifications\n\n- Forklift licence\n\n### Additional Information\n\n£12.60 per hour\n\n### Company Description\n\nWe move things.",
        apply_url:
          "https://jobs.smartrecruiters.com/AcmeLogistics1/744000012345678-warehouse-operative-nights?oga=true",
        posted_at: "2026-11-15T09:12:45.123Z",
      },
      {
        id: "744000012345679",
        title: "Data Scientist",
        employer: "Acme Logistics",
        town: "Toronto",
        region: "ON",
        country: "CA",
        remote: "remote",
        type: "full-time",
        description: "Modèles & données.",
        apply_url: "https://jobs.smartrecruiters.com/AcmeLogistics1/744000012345679-data-scientist",
        posted_at: "2026-11-16T14:00:00.000Z",
      },
    ],
    problems: [["744000012345680", "description is required"]],
    next: "https://api.smartrecruiters.com/v1/companies/AcmeLogistics1/postings?limit=3&offset=3",
  },
  recruitee: {
    file: "recruitee.json",
    url: "https://utrechttech.recruitee.com/api/offers/",
    records: [
      {
        id: "1234567",
        title: "Junior Developer",
        employer: "Utrecht Tech B.V.",
        town: "London",
        region: "England",
        country: "GB",
        remote: "hybrid",
        salary_min: 3200,
        salary_max: 3800,
        salary_currency: "EUR",
        salary_period: "month",
        hours_per_week: 40,
        type: "full-time",
        description: "Learn with us.\n\n- Curiosity",
        apply_url: "https://utrechttech.recruitee.com/o/junior-developer/c/new",
        posted_at: "2026-11-18T10:04:11.000Z",
        closing_date: "2026-12-31",
      },
      {
        id: "1234568",
        title: "Stagiair Marketing",
        employer: "Utrecht Tech B.V.",
        town: "Amsterdam",
        country: "NL",
        remote: "remote",
        type: "internship",
        description: "Werk mee aan campagnes 🎯",
        apply_url: "https://utrechttech.recruitee.com/o/stagiair-marketing",
        posted_at: "2026-11-19T08:00:00.000Z",
      },
    ],
    problems: [["1234569", "title is required"]],
  },
  teamtailor: {
    file: "teamtailor.json",
    url: "https://api.teamtailor.com/v1/jobs?include=locations",
    employer: "Nordic Design AB",
    records: [
      {
        id: "101",
        title: "UX Designer",
        employer: "Nordic Design AB",
        town: "Manchester",
        country: "GB",
        remote: "hybrid",
        type: "full-time",
        description: "Design for millions \\<3\n\nDu kommer att forma vår app.\n\n## Om oss\n\nVi är 50 personer.",
        apply_url: "https://careers.nordicdesign.example/jobs/101-ux-designer/applications/new",
        posted_at: "2026-11-05T11:00:00.000Z",
        closing_date: "2026-12-15",
      },
      {
        id: "102",
        title: "Support Agent — دعم العملاء",
        employer: "Nordic Design AB",
        remote: "remote",
        type: "part-time",
        description: "مرحبا بكم في فريق الدعم.",
        apply_url: "https://careers.nordicdesign.example/jobs/102-support",
        posted_at: "2026-11-06T08:00:00.000Z",
      },
    ],
    problems: [["103", 'expected "jobs"']],
    next: "https://api.teamtailor.com/v1/jobs?include=locations&page%5Bnumber%5D=2&page%5Bsize%5D=3",
  },
  adzuna: {
    file: "adzuna.json",
    url: "https://api.adzuna.com/v1/api/jobs/gb/search/1?results_per_page=2&what=graduate",
    records: [
      {
        id: "4876543210",
        title: "Graduate Software Engineer",
        employer: "Widget Works",
        town: "Shoreditch",
        region: "London",
        country: "GB",
        salary_min: 30000,
        salary_max: 35000,
        salary_currency: "GBP",
        salary_period: "year",
        type: "full-time",
        description: "We are looking for a graduate & a problem solver to join…",
        apply_url: "https://www.adzuna.co.uk/jobs/land/ad/4876543210?se=abc&v=XYZ",
        posted_at: "2026-11-20T07:31:12.000Z",
      },
      {
        // Adzuna's estimated salary is not the employer's: not kept.
        id: "4876543211",
        title: "Care Assistant – Part Time",
        employer: "Sunrise Care",
        town: "Leeds",
        region: "Yorkshire And The Humber",
        country: "GB",
        type: "part-time",
        description: "Caring role in a friendly home…",
        apply_url: "https://www.adzuna.co.uk/jobs/land/ad/4876543211?se=abc&v=XYZ",
        posted_at: "2026-11-19T10:00:00.000Z",
      },
    ],
    problems: [["4876543212", "redirect_url"]],
    next: "https://api.adzuna.com/v1/api/jobs/gb/search/2?results_per_page=2&what=graduate",
  },
  reed: {
    file: "reed.json",
    url: "https://www.reed.co.uk/api/1.0/search?keywords=graduate&resultsToTake=3",
    records: [
      {
        id: "51234567",
        title: "Graduate Planning Officer",
        employer: "Brighton Council",
        town: "Brighton",
        country: "GB",
        salary: "28000 - 31000 GBP",
        type: "graduate-scheme",
        description: "Brighton Council is looking for a graduate planner... **Apply** today",
        apply_url: "https://www.reed.co.uk/jobs/graduate-planning-officer/51234567",
        posted_at: "2026-11-20",
        closing_date: "2027-01-05",
      },
      {
        id: "51234568",
        title: "Receptionist - Part Time",
        employer: "Temps R Us",
        town: "Cardiff",
        country: "GB",
        salary: "12.5 GBP",
        type: "part-time",
        description: "Front desk & phones for a busy practice...",
        apply_url: "https://www.reed.co.uk/jobs/receptionist-part-time/51234568",
        posted_at: "2026-11-21",
        closing_date: "2027-01-02",
      },
    ],
    problems: [["51234569", "jobTitle"]],
    next: "https://www.reed.co.uk/api/1.0/search?keywords=graduate&resultsToTake=3&resultsToSkip=3",
  },
  jsonld: {
    file: "jsonld.html",
    url: "https://glasgowgames.example/careers",
    records: [
      {
        id: "GG-42",
        title: "Level Designer",
        employer: "Glasgow Games Ltd",
        town: "Glasgow",
        region: "Scotland",
        country: "GB",
        salary_min: 35000,
        salary_max: 42000,
        salary_currency: "GBP",
        salary_period: "year",
        hours_per_week: 37.5,
        type: "contract",
        description: "Build **worlds** people remember.\n\n- Unreal\n- Blender",
        apply_url: "https://glasgowgames.example/careers/level-designer",
        posted_at: "2026-11-01",
        closing_date: "2026-12-01",
      },
      {
        // No identifier and no url: the page names it, with its place among the page's postings.
        id: "https://glasgowgames.example/careers#2",
        title: "Remote Community Manager",
        employer: "Glasgow Games Ltd",
        country: "GB",
        remote: "remote",
        salary_min: 15,
        salary_max: 15,
        salary_currency: "GBP",
        salary_period: "hour",
        type: "part-time",
        description: "Run our Discord 🎮 & forums.",
        apply_url: "https://glasgowgames.example/careers",
        posted_at: "2026-11-03T09:00:00.000Z",
      },
    ],
    problems: [
      [undefined, "JSON-LD block 3 is not valid JSON"],
      ["T-1", "posted_at is required"],
    ],
  },
};

describe("job source adapters", () => {
  it("has an adapter and a fixture case for every kind but the feed files", () => {
    expect(Object.keys(adapters).sort()).toEqual([...ADAPTER_KINDS].sort());
    expect(Object.keys(CASES).sort()).toEqual([...ADAPTER_KINDS].sort());
    expect(ADAPTER_KINDS).not.toContain("feed");
  });

  describe.each(ADAPTER_KINDS)("%s", (kind) => {
    const c = CASES[kind];
    const raw = fixture(c.file);
    const answer = adapters[kind].answer === "json" ? JSON.parse(raw) : raw;
    const result = adapters[kind].adapt(answer, { url: c.url, employer: c.employer });

    it("maps the fixture's jobs to feed records", () => {
      expect(result.records).toEqual(c.records);
    });

    it("reports each odd job as a problem with its id, and keeps the rest", () => {
      expect(result.problems.map((p) => p.id)).toEqual(c.problems.map(([id]) => id));
      result.problems.forEach((problem, i) => expect(problem.message).toContain(c.problems[i]![1]));
    });

    it("gives the next page only when the API has one", () => {
      expect(result.next).toBe(c.next);
    });

    it("gives records the feed's schema accepts", () => {
      for (const record of result.records) expect(FeedRecordSchema.safeParse(record).error).toBeUndefined();
    });

    it("answers a wrong shape with a problem, never a throw", () => {
      for (const wrong of adapters[kind].answer === "json"
        ? ["<!doctype html><html><body>Log in</body></html>", null, { jobs: "none" }, 42]
        : [{ html: "<p>" }, null, 42]) {
        const got = adapters[kind].adapt(wrong, { url: c.url });
        expect(got.records).toEqual([]);
        expect(got.problems.length).toBeGreaterThan(0);
        expect(got.problems[0]!.message).toMatch(/shape expected|not text/);
      }
    });
  });

  it("reads a page without JSON-LD as a problem", () => {
    const got = adapters.jsonld.adapt("<html><body><h1>Jobs</h1></body></html>", { url: "https://x.example/jobs" });
    expect(got).toEqual({
      records: [],
      problems: [{ message: "The page at https://x.example/jobs has no schema.org JobPosting in its JSON-LD" }],
    });
  });

  it("asks each API for the whole job, keeping what the source's address already says", () => {
    expect(adapters.greenhouse.requestUrl("https://boards-api.greenhouse.io/v1/boards/acme/jobs")).toBe(
      "https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true",
    );
    expect(adapters.lever.requestUrl("https://api.lever.co/v0/postings/northco")).toBe(
      "https://api.lever.co/v0/postings/northco?mode=json",
    );
    expect(adapters.ashby.requestUrl("https://api.ashbyhq.com/posting-api/job-board/brightco")).toBe(
      "https://api.ashbyhq.com/posting-api/job-board/brightco?includeCompensation=true",
    );
    expect(adapters.workable.requestUrl("https://apply.workable.com/api/v1/widget/accounts/fabrica")).toBe(
      "https://apply.workable.com/api/v1/widget/accounts/fabrica?details=true",
    );
    expect(adapters.teamtailor.requestUrl("https://api.teamtailor.com/v1/jobs")).toBe(
      "https://api.teamtailor.com/v1/jobs?include=locations",
    );
    expect(
      adapters.smartrecruiters.requestUrl("https://api.smartrecruiters.com/v1/companies/a/postings?limit=10"),
    ).toBe("https://api.smartrecruiters.com/v1/companies/a/postings?limit=10");
    expect(adapters.recruitee.requestUrl("https://x.recruitee.com/api/offers/")).toBe(
      "https://x.recruitee.com/api/offers/",
    );
  });

  it("puts a configured key where each API wants it", () => {
    expect(adapters.adzuna.authorize!("https://api.adzuna.com/v1/api/jobs/gb/search/1?what=nurse", "id1:k3y")).toEqual({
      url: "https://api.adzuna.com/v1/api/jobs/gb/search/1?what=nurse&app_id=id1&app_key=k3y",
      headers: {},
    });
    expect(() => adapters.adzuna.authorize!("https://api.adzuna.com/v1/api/jobs/gb/search/1", "only-one")).toThrow(
      /APP_ID:APP_KEY/,
    );
    // HTTP Basic: the key is the user name, the password is empty ("reedkey:" in base64).
    expect(adapters.reed.authorize!("https://www.reed.co.uk/api/1.0/search", "reedkey")).toEqual({
      url: "https://www.reed.co.uk/api/1.0/search",
      headers: { Authorization: "Basic cmVlZGtleTo=" },
    });
    expect(adapters.teamtailor.authorize!("https://api.teamtailor.com/v1/jobs", "tt")).toMatchObject({
      headers: { Authorization: "Token token=tt", "X-Api-Version": "20240404" },
    });
    for (const kind of ["greenhouse", "lever", "ashby", "workable", "smartrecruiters", "recruitee", "jsonld"] as const)
      expect(adapters[kind].authorize).toBeUndefined();
  });

  it("stops paging at the last page", () => {
    const last = adapters.adzuna.adapt(
      { count: 3, results: [] },
      { url: "https://api.adzuna.com/v1/api/jobs/gb/search/2?results_per_page=2" },
    );
    expect(last.next).toBeUndefined();
    const reedLast = adapters.reed.adapt(
      { results: [], totalResults: 3 },
      { url: "https://www.reed.co.uk/api/1.0/search?resultsToSkip=3" },
    );
    expect(reedLast.next).toBeUndefined();
  });

  it("reports a job listed twice once", () => {
    const job = JSON.parse(fixture("workable.json")).jobs[0];
    const got = adapters.workable.adapt({ name: "Fábrica Ltd", jobs: [job, job] }, { url: CASES.workable.url });
    expect(got.records).toHaveLength(1);
    expect(got.problems).toEqual([{ id: "A1B2C3D4E5", message: "Workable lists job A1B2C3D4E5 twice" }]);
  });
});
