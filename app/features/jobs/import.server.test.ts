import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobPostings } from "~/db/schema";
import { importRegister } from "~/features/sponsors/import.server";
import { htmlToMarkdown, renderMarkdown } from "~/lib/markdown.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { createTestDatabase } from "../../../tests/support/test-db";
import { type ImportRecord, SourceRecordSchema, readFeed } from "./feed";
import { SOC_VERDICT_CONFIDENCE, importJobs, jobSlug, salaryOf } from "./import.server";
import { loadSocClassifier } from "./soc-classifier.server";

const REGISTER = `Organisation Name,Town/City,County,Type & Rating,Route
Acme Software Limited,London,,Worker (A rating),Skilled Worker
`;

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
});
afterAll(() => database?.close());

async function* once(text: string) {
  yield text;
}
const line = (o: Record<string, unknown>) => JSON.stringify(o);
const JOB = {
  title: "Software developer",
  employer: "Acme Software Ltd",
  town: "London",
  type: "full-time",
  soc: "2134",
  salary: "£56,000 per annum",
  hours_per_week: 37.5,
  description: "Build **things**.",
  apply_url: "https://acme.example/jobs/1",
  posted_at: "2026-11-20",
};
const run = async (text: string, options: { skipBad?: boolean; at?: string } = {}) =>
  importJobs(database.db, await readFeed(once(text), "jsonl"), {
    source: "acme-feed",
    now: new Date(options.at ?? "2026-11-23T09:00:00Z"),
    today: "2026-11-23",
    rules,
    skipBad: options.skipBad,
  });
const jobs = () =>
  database.db.select().from(jobPostings).where(eq(jobPostings.source, "acme-feed")).orderBy(jobPostings.externalId);

describe("readFeed", () => {
  it("reports every bad line with its number and what is wrong", async () => {
    const feed = await readFeed(
      once(
        [
          line({ ...JOB, id: "1" }),
          "not json",
          line({ ...JOB, id: "2", type: "permanent" }),
          line({ ...JOB, id: "9", apply_url: "" }),
          line({ ...JOB, id: "1" }),
          line({ ...JOB, id: "3", colour: "red" }),
        ].join("\n"),
      ),
      "jsonl",
    );
    expect(feed.records.map((r) => r.id)).toEqual(["1"]);
    expect(feed.problems).toEqual([
      { line: 2, message: "not a JSON object" },
      { line: 3, message: "type is one of full-time, part-time, internship, graduate-scheme, contract, temporary" },
      { line: 4, message: "give apply_url or apply_email: how to apply" },
      { line: 5, message: "id 1 is already on line 1" },
      { line: 6, message: expect.stringMatching(/^unknown field colour; the fields are id, title/) },
    ]);
  });

  it("reads CSV with the header as line 1", async () => {
    const csv = `id,title,employer,type,description,apply_email,posted_at,salary\n7,Barista,Bean Co,part-time,Coffee,jobs@bean.example,2026-11-01,"£12.50 per hour"\n8,,Bean Co,part-time,Coffee,jobs@bean.example,2026-11-01,\n`;
    const feed = await readFeed(once(csv), "csv");
    expect(feed.records).toMatchObject([
      { id: "7", title: "Barista", salary: "£12.50 per hour", country: "GB", remote: "on-site", line: 2 },
    ]);
    expect(feed.problems).toEqual([{ line: 3, message: "title is required" }]);
  });
});

describe("salaryOf", () => {
  it("takes figures over text, and makes a month's, week's or day's pay a year's", () => {
    expect(salaryOf({ salary: "£2,500 per month" })).toEqual({
      min: 30_000,
      max: 30_000,
      currency: "GBP",
      period: "year",
      competitive: false,
    });
    expect(salaryOf({ salary: "£400 per day" })).toMatchObject({ min: 104_000, period: "year" });
    expect(salaryOf({ salary: "£12.50 per hour" })).toMatchObject({ min: 12.5, period: "hour" });
    expect(
      salaryOf({ salary: "anything", salary_min: 30_000, salary_max: 35_000, salary_period: "year" }),
    ).toMatchObject({ min: 30_000, max: 35_000, period: "year" });
    expect(salaryOf({ salary: "Competitive" })).toMatchObject({ competitive: true, min: null });
    expect(salaryOf({})).toMatchObject({ competitive: false, min: null, period: null });
  });
});

describe("importJobs", () => {
  it("adds a source's jobs with their employer's register entry and sponsorship verdict", async () => {
    const outcome = await run(
      [
        line({ ...JOB, id: "1" }),
        line({
          ...JOB,
          id: "2",
          title: "Barista",
          soc: "9265",
          salary: "£12.50 per hour",
          type: "part-time",
          hours_per_week: 20,
        }),
      ].join("\n"),
    );
    expect(outcome).toEqual({ ok: true, summary: { added: 2, updated: 0, closed: 0, skipped: 0, problems: [] } });
    const [developer, barista] = await jobs();
    expect(developer).toMatchObject({
      slug: jobSlug("acme-feed", { id: "1", title: JOB.title, employer: JOB.employer }),
      sponsorSlug: expect.any(String),
      salaryMin: 56_000,
      salaryPeriod: "year",
      socSource: "source",
      sponsorshipStatus: "likely",
      sponsorshipRules: "HC 997",
      descriptionHtml: "<p>Build <strong>things</strong>.</p>\n",
    });
    expect(developer!.sponsorshipReasons).toContain(
      "The salary £56,000 meets the going rate of £54,700 for 37.5 hours a week (option A).",
    );
    expect(barista).toMatchObject({ salaryMin: 12.5, salaryPeriod: "hour", sponsorshipStatus: "licensed-only" });
  });

  it("updates known jobs in place, keeping their address, and closes those the feed dropped", async () => {
    const before = await jobs();
    const outcome = await run(
      line({ ...JOB, id: "1", title: "Senior software developer", salary: "£70,000 per annum" }),
      { at: "2026-11-24T09:00:00Z" },
    );
    expect(outcome).toMatchObject({ ok: true, summary: { added: 0, updated: 1, closed: 1 } });
    const [developer, barista] = await jobs();
    expect(developer).toMatchObject({
      title: "Senior software developer",
      slug: before[0]!.slug,
      salaryMin: 70_000,
      status: "open",
    });
    expect(barista).toMatchObject({ status: "closed", closedAt: new Date("2026-11-24T09:00:00Z") });
  });

  it("changes nothing for a feed with a bad line, and with --skip-bad imports the rest and closes nothing", async () => {
    const feed = [line({ ...JOB, id: "1" }), line({ ...JOB, id: "4", soc: "0000" })].join("\n");
    expect(await run(feed)).toEqual({ ok: false, problems: [{ line: 2, message: "soc 0000 is not a SOC 2020 code" }] });
    expect((await jobs())[0]!.title).toBe("Senior software developer");
    const skipped = await run(feed, { skipBad: true });
    expect(skipped).toMatchObject({ ok: true, summary: { added: 0, updated: 1, closed: 0, skipped: 1 } });
    expect((await jobs()).map((j) => j.status)).toEqual(["open", "closed"]);
  });

  it("makes a job's verdict unknown without an occupation, and unlikely from an employer off the register", async () => {
    await run(
      [line({ ...JOB, id: "1", soc: undefined }), line({ ...JOB, id: "5", employer: "Nowhere Holdings" })].join("\n"),
    );
    const byId = Object.fromEntries((await jobs()).map((j) => [j.externalId, j]));
    expect(byId["1"]).toMatchObject({ sponsorshipStatus: "licensed-only", socCode: null });
    expect(byId["5"]).toMatchObject({ sponsorshipStatus: "unlikely", sponsorSlug: null });
  });

  it("classifies a job without a code from its title, judges it on that code, and stores none it is unsure of", async () => {
    const classifier = await loadSocClassifier(path.resolve(import.meta.dirname, "../../.."));
    // An advertising or a marketing manager? The classifier's guess is below the confidence the import takes.
    const unsure = classifier.classify("Marketing Campaign Manager");
    expect(unsure).not.toBeNull();
    expect(unsure!.confidence).toBeLessThan(SOC_VERDICT_CONFIDENCE);
    const records = [
      { ...JOB, id: "c1", title: "Senior Software Engineer", soc: undefined },
      { ...JOB, id: "c2", title: "Xyzzy plugh", soc: undefined },
      { ...JOB, id: "c3", title: "Marketing Campaign Manager", soc: undefined },
      { ...JOB, id: "c4", title: "Software developer", soc: "2136" },
    ];
    const feed = await readFeed(once(records.map(line).join("\n")), "jsonl");
    const outcome = await importJobs(database.db, feed, {
      source: "classified-feed",
      now: new Date("2026-11-23T09:00:00Z"),
      today: "2026-11-23",
      rules,
      classifier,
    });
    expect(outcome).toMatchObject({ ok: true, summary: { added: 4 } });
    const rows = await database.db.select().from(jobPostings).where(eq(jobPostings.source, "classified-feed"));
    const byId = Object.fromEntries(rows.map((j) => [j.externalId, j]));
    expect(byId.c1).toMatchObject({ socCode: "2134", socSource: "classified", sponsorshipStatus: "likely" });
    expect(byId.c1!.socConfidence).toBeGreaterThanOrEqual(SOC_VERDICT_CONFIDENCE);
    expect(byId.c1!.socConfidence).toBeLessThan(1);
    expect(byId.c1!.sponsorshipReasons).toContain(
      "The salary £56,000 meets the going rate of £54,700 for 37.5 hours a week (option A).",
    );
    // No occupation: at a licensed sponsor that is "licensed-only" (the employer could sponsor, the job is not judged).
    for (const id of ["c2", "c3"]) {
      expect(byId[id]).toMatchObject({
        socCode: null,
        socConfidence: null,
        socSource: null,
        sponsorshipStatus: "licensed-only",
      });
      expect(byId[id]!.sponsorshipReasons).toContain(
        "The job's occupation is not known, so the occupation and salary rules cannot be checked.",
      );
    }
    expect(byId.c4).toMatchObject({ socCode: "2136", socConfidence: 1, socSource: "source" });
  });
});

describe("importJobs meeting records again", () => {
  const source = "hash-feed";
  const importAs = async (records: Record<string, unknown>[]) =>
    importJobs(database.db, await readFeed(once(records.map(line).join("\n")), "jsonl"), {
      source,
      now: new Date("2026-11-23T09:00:00Z"),
      today: "2026-11-23",
      rules,
    });
  const held = async () =>
    Object.fromEntries(
      (await database.db.select().from(jobPostings).where(eq(jobPostings.source, source))).map((j) => [
        j.externalId,
        j,
      ]),
    );
  const widgets = { ...JOB, id: "h2", employer: "Brand New Widgets Ltd" };

  it("skips a record made from the same inputs, and makes it again when the record or its employer's standing changes", async () => {
    await importAs([{ ...JOB, id: "h1" }, widgets]);
    // A change to the row that no record made shows whether the import made the row again.
    await database.db
      .update(jobPostings)
      .set({ descriptionHtml: "<p>left as it was</p>" })
      .where(eq(jobPostings.source, source));
    expect(await importAs([{ ...JOB, id: "h1" }, widgets])).toMatchObject({
      ok: true,
      summary: { added: 0, updated: 0, closed: 0 },
    });
    expect((await held()).h1!.descriptionHtml).toBe("<p>left as it was</p>");

    expect(await importAs([{ ...JOB, id: "h1", description: "Build **more** things." }, widgets])).toMatchObject({
      summary: { added: 0, updated: 1 },
    });
    expect((await held()).h1!.descriptionHtml).toContain("<strong>more</strong>");
    expect((await held()).h2).toMatchObject({ descriptionHtml: "<p>left as it was</p>", sponsorSlug: null });

    // The employer comes onto the register: the same record is judged again, on its entry.
    await importRegister(
      database.db,
      once(`${REGISTER}Brand New Widgets Ltd,Leeds,,Worker (A rating),Skilled Worker\n`),
      { registerDate: "2026-07-01", source: "fixture-2" },
    );
    expect(await importAs([{ ...JOB, id: "h1", description: "Build **more** things." }, widgets])).toMatchObject({
      summary: { added: 0, updated: 1 },
    });
    expect((await held()).h2).toMatchObject({
      sponsorshipStatus: "likely",
      descriptionHtml: "<p>Build <strong>things</strong>.</p>\n",
    });
    expect((await held()).h2!.sponsorSlug).not.toBeNull();
  });

  it("takes in a job whose closing date has passed closed, at noon on that day, as the hourly close does", async () => {
    expect(await importAs([{ ...JOB, id: "h3", closing_date: "2026-11-20" }])).toMatchObject({ ok: true });
    expect((await held()).h3).toMatchObject({ status: "closed", closedAt: new Date("2026-11-20T12:00:00Z") });
  });
});

describe("importJobs of more than one batch", () => {
  // 2,000 rows a statement in use; 20 here, so that 45 records make three batches.
  const BATCH = 20;
  // The descriptions of each batch after the first are rendered on another thread while the batch
  // before is written: the rows must be what one thread makes, and a failure must still store nothing.
  const many = (count: number, description: (i: number) => string) =>
    Array.from({ length: count }, (_, i) =>
      line({ ...JOB, id: `m${i}`, title: `Software developer ${i % 7}`, description: description(i) }),
    ).join("\n");
  const importMany = async (text: string) =>
    importJobs(database.db, await readFeed(once(text), "jsonl"), {
      source: "many-feed",
      now: new Date("2026-11-23T09:00:00Z"),
      today: "2026-11-23",
      rules,
      batchSize: BATCH,
    });
  const stored = () =>
    database.db
      .select({
        externalId: jobPostings.externalId,
        markdown: jobPostings.descriptionMarkdown,
        html: jobPostings.descriptionHtml,
      })
      .from(jobPostings)
      .where(eq(jobPostings.source, "many-feed"));

  it("stores nothing when a later batch fails, though earlier ones were written", async () => {
    // PostgreSQL's text holds no NUL character: the third batch's statement fails.
    const text = many(45, (i) => (i === 42 ? "Bad \u0000 text" : `Job ${i}: **build** things.`));
    await expect(importMany(text)).rejects.toThrow(/Failed query: insert into job_postings/);
    expect(await stored()).toEqual([]);
  });

  it("renders every description as one thread would, in three batches", async () => {
    const description = (i: number) =>
      `## Role ${i}\n\nYou will [apply](https://acme.example/${i}) _carefully_.\n\n- ${i % 3} <script>x</script>`;
    const outcome = await importMany(many(45, description));
    expect(outcome).toMatchObject({ ok: true, summary: { added: 45, updated: 0, closed: 0 } });
    const rows = await stored();
    expect(rows).toHaveLength(45);
    for (const row of rows) expect(row.html).toBe(renderMarkdown(row.markdown));
    expect(rows.find((r) => r.externalId === "m44")!.html).toContain('<a href="https://acme.example/44"');
  });

  // A source's records carry the provider's HTML, made Markdown batch by batch where they are rendered.
  const fromSource = (count: number, html: (i: number) => string): ImportRecord[] =>
    Array.from({ length: count }, (_, i) => {
      const { description: _markdown, ...fields } = JOB;
      const record = { ...fields, id: `h${i}`, title: `Software developer ${i % 7}`, description_html: html(i) };
      return { ...SourceRecordSchema.parse(record), line: i + 1 };
    });
  const importSource = (records: ImportRecord[], skipBad: boolean) =>
    importJobs(
      database.db,
      { records, problems: [] },
      {
        source: "many-feed",
        now: new Date("2026-11-23T09:00:00Z"),
        today: "2026-11-23",
        rules,
        skipBad,
        batchSize: BATCH,
      },
    );
  const html = (i: number) =>
    i === 31 || i === 1 ? "<p> </p><br>" : `<h2>Role ${i}</h2><p>Build <strong>things</strong> &amp; more.</p>`;

  it("makes a source's HTML descriptions Markdown, in one batch or three, and reports each that comes out empty", async () => {
    for (const count of [3, 45]) {
      await database.db.delete(jobPostings).where(eq(jobPostings.source, "many-feed"));
      const outcome = await importSource(fromSource(count, html), true);
      const refused = count > 31 ? [2, 32] : [2];
      expect(outcome).toEqual({
        ok: true,
        summary: {
          added: count - refused.length,
          updated: 0,
          closed: 0,
          skipped: refused.length,
          problems: refused.map((line) => ({ line, message: `job h${line - 1}: description is required` })),
        },
      });
      const rows = await stored();
      expect(rows).toHaveLength(count - refused.length);
      const last = rows.find((r) => r.externalId === `h${count - 1}`)!;
      expect(last.markdown).toBe(`## Role ${count - 1}\n\nBuild **things** & more.`);
      expect(last.markdown).toBe(htmlToMarkdown(html(count - 1)).trim());
      for (const row of rows) expect(row.html).toBe(renderMarkdown(row.markdown));
    }
  });

  it("stores nothing when a later batch's description comes out empty and bad records may not be skipped", async () => {
    await database.db.delete(jobPostings).where(eq(jobPostings.source, "many-feed"));
    const outcome = await importSource(
      fromSource(45, (i) => (i === 42 ? "<div></div>" : `<p>Job ${i}</p>`)),
      false,
    );
    expect(outcome).toEqual({ ok: false, problems: [{ line: 43, message: "job h42: description is required" }] });
    expect(await stored()).toEqual([]);
  });
});
