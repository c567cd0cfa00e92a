// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { SearchPageData } from "../schema";
import { SponsorSearchPage } from "./search-page";

afterEach(cleanup);

const TESCO = {
  slug: "tesco-stores-limited",
  name: "Tesco Stores Limited",
  town: "Welwyn Garden City",
  county: "Herts",
  licences: [{ route: "Skilled Worker", type: "Worker", rating: "A (Premium)" }],
  firstSeen: "2026-06-26",
  match: "core" as const,
  score: 1,
};
const BASE: SearchPageData = {
  registerDate: "2026-06-26",
  freshness: { registerDate: "2026-06-26", ageDays: 4, stale: false },
  registerLoading: false,
  newSince: null,
  routes: ["Skilled Worker"],
  values: { q: "tesco stores", route: "", rating: "", town: "" },
  errors: {},
  search: null,
};

function show(data: Partial<SearchPageData>) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <SponsorSearchPage title="Checker" action="/" loaderData={{ ...BASE, ...data }} /> },
  ]);
  render(<Stub initialEntries={["/"]} />);
}
const search = (over: Partial<NonNullable<SearchPageData["search"]>>) => ({
  results: [TESCO],
  total: 1,
  ambiguous: false,
  page: 1,
  pages: 1,
  dropped: [],
  ...over,
});

describe("the checker page", () => {
  it("says the register is loading after a first start, and names the date once there is one", () => {
    show({ registerDate: null, freshness: null, registerLoading: true });
    expect(screen.getByTestId("register-date").textContent).toBe(
      "The register is still loading after the first start. Try again in a few seconds.",
    );
    cleanup();
    show({});
    expect(screen.getByTestId("register-date").textContent).toContain(
      "Register of licensed sponsors as of 26 June 2026.",
    );
  });

  it("answers a match, and marks an employer new since the previous register", () => {
    show({ newSince: "2021-11-02", search: search({}) });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("“tesco stores” is on the register");
    expect(screen.getByText("New: added since the register of 2 November 2021")).toBeTruthy();
    cleanup();
    show({ newSince: "2026-06-26", search: search({}) });
    expect(screen.queryByText(/^New:/)).toBeNull();
  });

  it("says when several employers match equally, and when the match is not exact", () => {
    show({
      search: search({
        ambiguous: true,
        total: 2,
        results: [TESCO, { ...TESCO, slug: "tesco-stores-limited-leeds", town: "Leeds" }],
      }),
    });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "Several organisations match “tesco stores” equally well",
    );
    cleanup();
    show({ search: search({ results: [{ ...TESCO, match: "fuzzy" }] }) });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "No exact match for “tesco stores”: 1 similar name",
    );
  });

  it("warns, in words and with the official register's address, when the register is over two weeks old", () => {
    show({
      registerDate: "2021-11-02",
      freshness: { registerDate: "2021-11-02", ageDays: 1482, stale: true },
      search: search({}),
    });
    const warning = screen.getByTestId("register-stale");
    expect(warning.querySelector("strong")?.textContent).toBe("Warning: this register may be out of date.");
    expect(warning.textContent).toContain(
      "Answers here come from the register of 2 November 2021, 1,482 days old. The live register on GOV.UK may differ",
    );
    expect(
      screen
        .getByRole("link", { name: "Check the current register of licensed sponsors on GOV.UK" })
        .getAttribute("href"),
    ).toBe("https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers");
    cleanup();
    show({ search: search({}) });
    expect(screen.queryByTestId("register-stale")).toBeNull();
  });

  it("names the register's date in the answer itself, found or not", () => {
    show({ search: search({}) });
    expect(screen.getByText(/^1 organisation on the register of/).textContent).toBe(
      "1 organisation on the register of 26 June 2026, best match first. Page 1 of 1.",
    );
    cleanup();
    show({ search: search({ results: [], total: 0 }) });
    expect(screen.getByText(/^No licensed sponsor on the register of/).textContent).toContain(
      "No licensed sponsor on the register of 26 June 2026 matches this name.",
    );
  });

  it("answers a known short name with the name the register gives it", () => {
    show({
      values: { ...BASE.values, q: "pwc" },
      search: search({ results: [{ ...TESCO, name: "PricewaterhouseCoopers LLP", match: "known" }] }),
    });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "“pwc” is on the register under the name PricewaterhouseCoopers LLP",
    );
  });

  it("links pages of results with the search kept", () => {
    show({
      values: { q: "tesco", route: "Skilled Worker", rating: "", town: "" },
      search: search({ total: 45, page: 2, pages: 3 }),
    });
    expect(screen.getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe(
      "/?q=tesco&route=Skilled+Worker&rating=&town=&page=1",
    );
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/?q=tesco&route=Skilled+Worker&rating=&town=&page=3",
    );
  });
});
