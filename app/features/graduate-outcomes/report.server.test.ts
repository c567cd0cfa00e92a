import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type GraduateSurvey, graduateSurveys } from "~/db/schema";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { inSentence, outcomesReport, readFilter } from "./report.server";

// The analytics of the answers: counted by the database in one pass, cut by course, level, home
// country and visa, and withheld under the fewer-than-5 rule before anything is shown.
const GB = 226;
const INDIA = 100;
const CHINA = 45;
const NIGERIA = 157;
const W = "fewer than 5";

let database: Database;
let harbour: { id: number; countryId: number };

type Graduate = Partial<Omit<GraduateSurvey, "id" | "userId" | "universityId" | "tokenHash">>;
const working = (country: number, sponsored: boolean, route: GraduateSurvey["workRoute"]): Graduate => ({
  activity: "working",
  answeredAt: new Date("2026-01-10T10:00:00Z"),
  workCountryId: country,
  employer: "Employer Ltd",
  jobTitle: "Analyst",
  salaryBand: "30k_to_40k",
  sponsored,
  workRoute: route,
  foundThrough: "job_board",
});
const answered = (activity: GraduateSurvey["activity"]): Graduate => ({
  activity,
  answeredAt: new Date("2026-01-10T10:00:00Z"),
});
const times = (n: number, g: Graduate) => Array.from({ length: n }, () => g);

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const university = await createUniversity(db, { name: "Harbour University", countryId: GB });
  harbour = { id: university.id, countryId: GB };
  const other = await createUniversity(db, { name: "Other University", countryId: GB });
  let n = 0;
  const add = async (universityId: number, base: Graduate, each: Graduate[]) => {
    for (const g of each) {
      const user = await createUser(db, { universityId });
      await db.insert(graduateSurveys).values({
        userId: user.id,
        universityId,
        wave: 6,
        graduationMonth: "2025-07",
        tokenHash: `hash-${++n}`,
        sentAt: new Date("2026-01-05T09:00:00Z"),
        closesAt: new Date("2026-10-05T09:00:00Z"),
        ...base,
        ...g,
      });
    }
  };
  const pgt = { studyLevel: "postgraduate_taught" } as const;
  // MSc Data Science, 12 from India on student visas: 2 did not answer; 8 work, 6 in the UK (5 sponsored
  // on Skilled Worker, 1 on the Graduate visa) and 2 at home; 1 studies further, 1 looks for work.
  await add(harbour.id, { ...pgt, course: "MSc Data Science", homeCountryId: INDIA, visaType: "student" }, [
    ...times(2, {}),
    ...times(5, working(GB, true, "skilled_worker")),
    working(GB, false, "graduate"),
    ...times(2, working(INDIA, false, "not_needed")),
    answered("further_study"),
    answered("looking"),
  ]);
  // MBA, 3 from China who graduated in 2024, all working in the UK on the Graduate visa.
  await add(
    harbour.id,
    { ...pgt, course: "MBA", homeCountryId: CHINA, visaType: "student", graduationMonth: "2024-07" },
    times(3, working(GB, false, "graduate")),
  );
  // LLM, 2 from Nigeria on dependant visas: one looks for work, one did not answer.
  await add(harbour.id, { ...pgt, course: "LLM", homeCountryId: NIGERIA, visaType: "dependant" }, [
    answered("looking"),
    {},
  ]);
  // 5 undergraduates from India who gave no course nor visa, all working in the UK, needing no visa.
  await add(
    harbour.id,
    { studyLevel: "undergraduate", homeCountryId: INDIA },
    times(5, working(GB, false, "not_needed")),
  );
  // The 15-month survey's graduates, and another university's, are not the 6-month page's.
  await add(harbour.id, { wave: 15, course: "MSc Data Science" }, times(6, working(GB, true, "skilled_worker")));
  await add(other.id, { course: "MSc Data Science" }, times(6, working(GB, true, "skilled_worker")));
});
afterAll(() => database?.close());

const report = (year: number | null = null) => outcomesReport(database.db, harbour, { wave: 6, year });
const table = (r: Awaited<ReturnType<typeof report>>, id: string) => r.charts.find((c) => c.id === id)!.table;

describe("the graduate outcomes report", () => {
  it("counts the university's surveys of the wave asked, with the shares of those who answered and work", async () => {
    const r = await report();
    // 22 surveyed, 19 answered, 16 working, 14 of them in the UK (2 abroad: withheld, with their complement), 5 sponsored.
    expect(r.figures.map((f) => [f.label, f.value])).toEqual([
      ["Graduates surveyed", 22],
      ["Answered", 19],
      ["Response rate", 86.4],
      ["Working, of those who answered", 84.2],
      ["Working in the United Kingdom, of those working", null],
      ["In a job that needed a visa sponsor, of those working", 31.3],
    ]);
    expect(table(r, "activity").rows).toEqual([
      ["Working", 16, 84.2],
      ["Further study", W, W],
      ["Looking for work", W, W],
      ["Something else", 0, 0],
    ]);
    expect(table(r, "staying").rows).toEqual([
      ["In the United Kingdom", W, W],
      ["In another country", W, W],
    ]);
    expect(table(r, "sponsorship").rows).toEqual([
      ["Needed a visa sponsor", 5, 31.3],
      ["Did not need one", 11, 68.8],
    ]);
    expect(table(r, "route").rows).toEqual([
      ["Graduate visa", W, W],
      ["Skilled Worker visa", W, W],
      ["Another visa", 0, 0],
      ["No visa needed", 7, 43.8],
    ]);
  });

  it("cuts by course, naming only groups of 5 or more and withholding what a small figure would give away", async () => {
    const r = await report();
    expect(table(r, "by-course").columns.slice(0, 4)).toEqual(["Course", "Surveyed", "Answered", "Response rate (%)"]);
    // MBA (3) and LLM (2) together; 4 of them answered and 3 work: each withheld, and the smallest other (5) with it.
    expect(table(r, "by-course").rows.map((row) => row.slice(0, 5))).toEqual([
      ["MSc Data Science", 12, 10, 83.3, 8],
      ["Other courses (fewer than 5 graduates each)", 5, W, W, W],
      ["Course not given", 5, W, W, W],
    ]);
    expect(table(r, "by-level").rows.map((row) => row.slice(0, 3))).toEqual([
      ["Undergraduate (bachelor's)", 5, 5],
      ["Postgraduate taught (master's)", 17, 14],
    ]);
    expect(table(r, "by-home-country").rows.map((row) => row.slice(0, 2))).toEqual([
      ["India", 17],
      ["Other countries (fewer than 5 graduates each)", 5],
    ]);
    expect(table(r, "by-visa").rows.map((row) => row.slice(0, 2))).toEqual([
      ["Student visa", 15],
      ["Dependant visa", W],
      ["Visa not given", W],
    ]);
    // The chart draws the same shares as the table, a withheld one as a gap.
    const byCourse = r.charts.find((c) => c.id === "by-course")!.chart;
    expect(byCourse.series[0]).toEqual({ name: "Response rate", values: [83.3, null, null] });
  });

  it("takes one graduation year, and reads the choice from the address", async () => {
    expect((await report(2025)).figures[0]).toEqual({ label: "Graduates surveyed", value: 19 });
    expect((await report(2024)).figures[0]).toEqual({ label: "Graduates surveyed", value: null });
    const today = "2026-11-30";
    expect(readFilter(new URL("http://x/"), today)).toEqual({
      filter: { wave: 15, year: null },
      input: { wave: "15", year: "" },
      error: null,
    });
    expect(readFilter(new URL("http://x/?wave=6&year=2025"), today).filter).toEqual({ wave: 6, year: 2025 });
    expect(readFilter(new URL("http://x/?wave=9"), today).error).toMatch(/^Choose the survey of 6 or 15 months/);
    expect(readFilter(new URL("http://x/?wave=6&year=1999"), today)).toMatchObject({
      filter: { wave: 15, year: null },
      error: "Choose a graduation year from 2021 to 2026. Showing 15 months, every year.",
    });
  });
});

it('names a country as a sentence does after "in"', () => {
  expect(
    ["United Kingdom", "United States", "Netherlands", "Canada", "Ireland", "New Zealand"].map(inSentence),
  ).toEqual(["the United Kingdom", "the United States", "the Netherlands", "Canada", "Ireland", "New Zealand"]);
});
