// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { EmployersPage } from "./employers";
import { FaqList, NoMatch } from "./faq-list";
import { ImmigrationGuide } from "./immigration-guide";
import { Toolkit } from "./toolkit";
import { PartnerList, UniversitiesOverview, WhyPartner } from "./universities";

afterEach(cleanup);

function show(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  render(<Stub initialEntries={["/"]} />);
}

/** The page's headings as levels, which must start at 1 and never skip one on the way down. */
function expectHeadingsInOrder() {
  const levels = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
  expect(levels[0]).toBe(1);
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  for (let i = 1; i < levels.length; i++)
    expect(levels[i]! - levels[i - 1]!, `heading ${i}: ${levels.join(",")}`).toBeLessThanOrEqual(1);
}
const hrefs = () => [...document.querySelectorAll("a")].map((a) => a.getAttribute("href"));

describe("the help pages' components", () => {
  it("the immigration guide: four countries, each with its guide's section, the official pages and any dated rules", () => {
    show(
      <ImmigrationGuide
        rules={{
          uk: {
            reviewedOn: "2026-11-25",
            rules: [
              { rule: "A Graduate visa lasts 2 years", from: "2021-07-01", source: "https://www.gov.uk/graduate-visa" },
            ],
          },
        }}
      />,
    );
    expectHeadingsInOrder();
    for (const country of ["uk", "australia", "canada", "ireland"])
      expect(hrefs()).toContain(`/country-guide/${country}/visa-details`);
    expect(screen.getByText("A Graduate visa lasts 2 years")).toBeTruthy();
    expect(screen.getByText("1 July 2021")).toBeTruthy();
    // Only the UK had rules: the others show their text and links without a box of dates.
    expect(screen.getAllByRole("heading", { name: /^Dates to know/ })).toHaveLength(1);
    // Every outside link is https.
    for (const href of hrefs().filter((h) => !h!.startsWith("/") && !h!.startsWith("#")))
      expect(href).toMatch(/^https:\/\//);
  });

  it("the employers' page calls to a meeting and to contact us, with the verdicts in words", () => {
    show(<EmployersPage />);
    expectHeadingsInOrder();
    for (const href of [
      "/uk-work-visa-sponsor-licence-check",
      "/book-a-meeting",
      "/contact-us",
      "/check-a-job-offer",
      "/jobs",
    ])
      expect(hrefs()).toContain(href);
    expect(screen.getByText("Eligible at the new-entrant rate")).toBeTruthy();
  });

  it("the toolkit links every tool", () => {
    show(<Toolkit />);
    expectHeadingsInOrder();
    for (const href of [
      "/jobs",
      "/part-time-jobs",
      "/my-cvs",
      "/cih",
      "/uk-work-visa-sponsor-licence-check",
      "/skilled-migration-points-calculator-australia",
      "/country-guide",
      "/workshop-and-webinars",
      "/book-a-meeting",
    ]) {
      expect(hrefs()).toContain(href);
    }
  });

  it("the universities' pages", () => {
    show(<UniversitiesOverview />);
    expectHeadingsInOrder();
    expect(hrefs()).toEqual(expect.arrayContaining(["/universities/partners", "/universities/why-partner"]));
    cleanup();
    show(<WhyPartner />);
    expectHeadingsInOrder();
    expect(hrefs()).toEqual(expect.arrayContaining(["/book-a-meeting", "/partner-with-us"]));
    expect(screen.getByText(/fewer than 5 students/)).toBeTruthy();
    cleanup();
    show(
      <PartnerList
        partners={[
          {
            id: 1,
            name: "Demo University",
            logoUrl: "/brand/demo-university.svg",
            site: "http://demo-university.localhost:3000",
          },
          { id: 2, name: "Plain University", logoUrl: null, site: null },
        ]}
      />,
    );
    expectHeadingsInOrder();
    expect(screen.getByRole("link", { name: "Careers site of Demo University" }).getAttribute("href")).toBe(
      "http://demo-university.localhost:3000",
    );
    expect(document.querySelectorAll("img")).toHaveLength(1);
    expect(document.querySelector("img")!.getAttribute("alt")).toBe("");
    expect(screen.getByRole("heading", { name: "Plain University" })).toBeTruthy();
  });

  it("the FAQ's questions are disclosures under their category's heading, opened for a search", () => {
    const item = {
      slug: "hours",
      question: "How many hours can I work?",
      category: "visas" as const,
      answerHtml: "<p>Up to 20 hours.</p>",
      answerText: "Up to 20 hours.",
      reviewed: "2026-11-25",
    };
    show(
      <FaqList groups={[{ category: "visas", label: "Visas and working after your studies", items: [item] }]} open />,
    );
    expect(screen.getByRole("heading", { level: 2, name: "Visas and working after your studies" })).toBeTruthy();
    const details = document.getElementById("hours")!;
    expect(details.tagName).toBe("DETAILS");
    expect(details.hasAttribute("open")).toBe(true);
    expect(details.querySelector("summary")!.textContent).toBe("How many hours can I work?");
    expect(screen.getByText("25 November 2026")).toBeTruthy();
    cleanup();
    show(<NoMatch q="zzqxv" />);
    expect(screen.getByRole("heading", { name: "No question matches “zzqxv”" })).toBeTruthy();
  });
});
