// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { JobResult } from "~/features/jobs/search-values";
import { GuidePanel } from "./guide-panel";
import { LatestJobs } from "./latest-jobs";
import { VisasPanel } from "./visas-panel";

afterEach(cleanup);

function show(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  render(<Stub initialEntries={["/"]} />);
}

const JOB: JobResult = {
  slug: "graduate-engineer-acme-1",
  title: "Graduate engineer",
  employer: { name: "Acme Pty Ltd", sponsorSlug: null },
  location: { town: "Melbourne", region: "Victoria", country: "AU", remote: "hybrid" },
  salary: { min: 70_000, max: 80_000, currency: "AUD", period: "year", competitive: false },
  hoursPerWeek: 38,
  type: "graduate-scheme",
  soc: null,
  postedAt: "2026-11-22T09:00:00.000Z",
  closingDate: null,
  sponsorship: { status: "unknown", reasons: [] },
  url: "/jobs/graduate-engineer-acme-1",
  demo: false,
  verifiedSponsor: false,
};

describe("the home page's panels", () => {
  it("features the guide: its overview, and the sections to read first with their summaries and the login they need", () => {
    show(
      <GuidePanel
        guide={{
          country: "canada",
          place: "Canada",
          summary: "How to stay and build a career in Canada.",
          sections: [
            { page: "job-market", title: "Job market", summary: "How graduate hiring works." },
            { page: "networking", title: "Networking", summary: "Coffee chats and alumni." },
          ],
        }}
      />,
    );
    const panel = screen.getByRole("region", { name: "Working in Canada: the country guide" });
    expect(within(panel).getByText("How to stay and build a career in Canada.")).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Read the overview of the guide to working in Canada", "/country-guide/canada/overview"],
      ["Job market", "/country-guide/canada/job-market"],
      ["Networking", "/country-guide/canada/networking"],
    ]);
    expect(within(panel).getByText("Coffee chats and alumni.")).toBeTruthy();
    expect(within(panel).getByText(/choosing one asks you to log in/)).toBeTruthy();
  });

  it("dates each visa rule, links its official page and the full section, in the country's accent", () => {
    show(
      <VisasPanel
        visas={{
          country: "uk",
          rules: [
            { rule: "A Graduate visa lasts 2 years", from: "2021-07-01", source: "https://www.gov.uk/graduate-visa" },
          ],
        }}
        place="the UK"
        accentBorderClass="border-l-[#1d4ed8]"
      />,
    );
    const panel = screen.getByRole("region", { name: "Visas: staying to work in the UK" });
    expect(panel.className).toContain("border-l-[#1d4ed8]");
    const item = within(panel).getByRole("listitem");
    expect(item.textContent).toBe("A Graduate visa lasts 2 yearsApplies from 1 July 2021 · Official page (www.gov.uk)");
    expect(item.querySelector("time")?.getAttribute("datetime")).toBe("2021-07-01");
    expect(within(item).getByRole("link").getAttribute("href")).toBe("https://www.gov.uk/graduate-visa");
    expect(
      within(panel)
        .getByRole("link", { name: "Read the full visa details section (log in needed)" })
        .getAttribute("href"),
    ).toBe("/country-guide/uk/visa-details");
  });

  it("lists the newest jobs as job cards, with a link to every job", () => {
    show(<LatestJobs jobs={[JOB]} place="Australia" />);
    const panel = screen.getByRole("region", { name: "Latest jobs in Australia" });
    expect(within(panel).getByRole("link", { name: "Graduate engineer" }).getAttribute("href")).toBe(
      "/jobs/graduate-engineer-acme-1",
    );
    expect(within(panel).getByText("Melbourne, Victoria")).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "See all jobs" }).getAttribute("href")).toBe("/jobs");
  });

  it("says so when the country has no open job, and still links to every job", () => {
    show(<LatestJobs jobs={[]} place="Canada" />);
    const panel = screen.getByRole("region", { name: "Latest jobs in Canada" });
    expect(within(panel).getByText("There are no open jobs in Canada listed at the moment.")).toBeTruthy();
    expect(within(panel).queryAllByRole("listitem")).toEqual([]);
    expect(within(panel).getByRole("link", { name: "Search all jobs" }).getAttribute("href")).toBe("/jobs");
  });
});
