import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SourceRecordSchema } from "~/features/jobs";
import { CASES, withMarkdown } from "./fixtures/expected";
import { ADAPTER_KINDS, adapters, type AdapterKind } from "./index";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

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
      expect(result.records.map(withMarkdown)).toEqual(c.records);
    });

    it("reports each odd job as a problem with its id, and keeps the rest", () => {
      expect(result.problems.map((p) => p.id)).toEqual(c.problems.map(([id]) => id));
      result.problems.forEach((problem, i) => expect(problem.message).toContain(c.problems[i]![1]));
    });

    it("gives the next page only when the API has one", () => {
      expect(result.next).toBe(c.next);
    });

    it("gives records the source's schema accepts", () => {
      for (const record of result.records) expect(SourceRecordSchema.safeParse(record).error).toBeUndefined();
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

  // Where each JSON answer holds its jobs.
  const JOBS_AT: Record<Exclude<AdapterKind, "jsonld">, string | null> = {
    greenhouse: "jobs",
    lever: null,
    ashby: "jobs",
    workable: "jobs",
    smartrecruiters: "content",
    recruitee: "offers",
    teamtailor: "data",
    adzuna: "results",
    reed: "results",
  };

  it.each(Object.keys(JOBS_AT) as (keyof typeof JOBS_AT)[])(
    "%s: a job with any one field of the wrong type is a record or a problem, never a throw",
    (kind) => {
      const answer = JSON.parse(fixture(CASES[kind].file));
      const at = JOBS_AT[kind];
      const jobs: Record<string, unknown>[] = at ? answer[at] : answer;
      for (const [i, job] of jobs.entries())
        for (const field of Object.keys(job))
          for (const odd of [null, 42, "x", [], {}, [{}], true]) {
            const changed = jobs.map((other, j) => (j === i ? { ...other, [field]: odd } : other));
            const got = adapters[kind].adapt(at ? { ...answer, [at]: changed } : changed, { url: CASES[kind].url });
            expect(got.records.length + got.problems.length).toBeGreaterThan(0);
          }
    },
  );

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

  it("resolves Teamtailor's next page against the source, and stops at one that is no address", () => {
    const page = (next: string) =>
      adapters.teamtailor.adapt({ data: [], links: { next } }, { url: "https://api.teamtailor.com/v1/jobs" }).next;
    expect(page("/v1/jobs?page%5Bnumber%5D=2")).toBe("https://api.teamtailor.com/v1/jobs?page%5Bnumber%5D=2");
    expect(page("http://[")).toBeUndefined();
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

  it("keeps no salary figures without their currency or period", () => {
    const offer = JSON.parse(fixture("recruitee.json")).offers[0];
    const adapt = (salary: object) =>
      adapters.recruitee.adapt({ offers: [{ ...offer, salary }] }, { url: CASES.recruitee.url }).records[0]!;
    expect(adapt({ min: "3200", max: "3800", period: "month", currency: null })).not.toHaveProperty("salary_min");
    expect(adapt({ min: "3200", max: "3800", period: null, currency: "EUR" })).not.toHaveProperty("salary_min");
    expect(adapt({ min: "3200", max: null, period: "month", currency: "eur" })).toMatchObject({
      salary_min: 3200,
      salary_max: 3200,
      salary_currency: "EUR",
    });
  });

  it("reads a type from whole words only, so a title can be read for one", () => {
    const job = JSON.parse(fixture("reed.json")).results[0];
    const typeOf = (jobTitle: string) =>
      adapters.reed.adapt({ results: [{ ...job, jobTitle }], totalResults: 1 }, { url: CASES.reed.url }).records[0]!
        .type;
    expect(typeOf("Contemporary Art Curator")).toBe("full-time");
    expect(typeOf("Undergraduate Placement 2027")).toBe("internship");
    expect(typeOf("Temp Receptionist")).toBe("temporary");
    expect(typeOf("Freelance Illustrator")).toBe("contract");
  });

  it("reports a job listed twice once", () => {
    const job = JSON.parse(fixture("workable.json")).jobs[0];
    const got = adapters.workable.adapt({ name: "Fábrica Ltd", jobs: [job, job] }, { url: CASES.workable.url });
    expect(got.records).toHaveLength(1);
    expect(got.problems).toEqual([{ id: "A1B2C3D4E5", message: "Workable lists job A1B2C3D4E5 twice" }]);
  });
});
