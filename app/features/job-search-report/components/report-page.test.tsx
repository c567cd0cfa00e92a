// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobPostings } from "~/db/schema";
import { registerFreshness } from "~/features/sponsors/freshness";
import { importRegister } from "~/features/sponsors/import.server";
import { createTestDatabase } from "../../../../tests/support/test-db";
import { type DrawnReport, drawnReport } from "../page.server";
import { JobSearchReportPage } from "./report-page";

afterEach(cleanup);

let database: Database;
let noJobs: DrawnReport;
let demoOnly: DrawnReport;
let full: DrawnReport;

const job = (n: number, demo: boolean) => ({
  slug: `page-job-${n}`,
  source: "test",
  externalId: String(n),
  title: "Analyst",
  employerName: "Alpha Ltd",
  type: "full-time" as const,
  descriptionMarkdown: "x",
  descriptionHtml: "<p>x</p>",
  postedAt: new Date("2026-11-01T09:00:00Z"),
  sponsorshipStatus: "likely" as const,
  salaryBand: "general" as const,
  demo,
});

beforeAll(async () => {
  database = await createTestDatabase();
  await importRegister(
    database.db,
    (async function* () {
      yield "Organisation Name,Town/City,County,Type & Rating,Route\nAlpha Ltd,London,,Worker (A rating),Skilled Worker\nBeta Ltd,Leeds,West Yorkshire,Worker (B rating),Skilled Worker\n";
    })(),
    { registerDate: "2026-10-01", source: "register-2026-10-01.csv" },
  );
  // Each state at a new hour, so that the kept figures are computed again.
  noJobs = await drawnReport(database.db, new Date("2026-11-25T09:00:00Z"));
  await database.db.insert(jobPostings).values([job(1, true), job(2, true)]);
  demoOnly = await drawnReport(database.db, new Date("2026-11-25T11:00:00Z"));
  await database.db.insert(jobPostings).values([job(3, false)]);
  full = await drawnReport(database.db, new Date("2026-11-25T13:00:00Z"));
});
afterAll(() => database?.close());

function show(report: DrawnReport, registerLoading = false) {
  const freshness = registerFreshness(report.register?.registerDate ?? null, "2026-11-25");
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <JobSearchReportPage report={report} freshness={freshness} registerLoading={registerLoading} />,
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("the job search report page", () => {
  it("has headings in order, from one h1", () => {
    const { container } = show(full);
    const levels = [...container.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
  });

  it("gives every chart an image named by its heading and its data table in a focusable region", () => {
    const { container } = show(full);
    const figures = screen.getAllByRole("figure");
    expect(figures.map((f) => f.getAttribute("aria-labelledby"))).toEqual([
      "by-route-title",
      "by-rating-title",
      "by-town-title",
      "jobs-by-sponsorship-title",
      "jobs-by-salary-title",
    ]);
    for (const figure of figures) {
      const heading = within(figure).getByRole("heading", { level: 3 });
      const image = figure.querySelector('svg[role="img"]')!;
      expect(image.getAttribute("aria-labelledby")).toBe(heading.id);
      const region = within(figure).getByRole("region");
      expect(region.getAttribute("tabindex")).toBe("0");
      expect(within(region).getByRole("table")).toBeTruthy();
    }
    // The Content-Security-Policy refuses inline styles.
    expect(container.querySelectorAll("[style]")).toHaveLength(0);
  });

  it("gives the register's date, when the figures were computed, the official register and the licence", () => {
    show(full);
    expect(screen.getByTestId("report-dates").textContent).toBe(
      "From the register of licensed sponsors of 1 October 2026. Figures computed on 25 November 2026 at 13:00 (UK time).",
    );
    // Older than two weeks: the warning other sponsor pages give.
    expect(screen.getByTestId("register-stale")).toBeTruthy();
    const official = screen.getAllByRole("link", { name: "Register of licensed sponsors: workers" });
    expect(official[0]!.getAttribute("href")).toBe(
      "https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers",
    );
    expect(document.body.textContent).toContain(
      "Contains public sector information licensed under the Open Government Licence v3.0",
    );
    expect(document.body.textContent).toContain(
      "This report uses the register of 1 October 2026 (file register-2026-10-01.csv)",
    );
  });

  it("says so instead of drawing job charts while no job is open, or only demo listings", () => {
    show(noJobs);
    expect(screen.getByTestId("no-jobs").textContent).toBe(
      "No job is open on this site yet, so there are no job figures to show. They appear here once jobs are listed.",
    );
    expect(screen.getAllByRole("figure")).toHaveLength(3);
    cleanup();
    show(demoOnly);
    expect(screen.getByTestId("no-jobs").textContent).toContain(
      "the 2 open listings are generated demo listings, which this report does not count",
    );
  });

  it("says the register is loading after a first start, with no sponsor figures", () => {
    show({ ...noJobs, register: null }, true);
    expect(screen.getByTestId("report-dates").textContent).toBe(
      "The register of licensed sponsors is still loading after the first start. Try again in a few seconds.",
    );
    expect(screen.queryAllByRole("figure")).toHaveLength(0);
  });
});
