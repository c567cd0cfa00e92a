// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type SearchPageData, SponsorSearchPage } from "./search-page";

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
  registerLoading: false,
  newSince: null,
  routes: ["Skilled Worker"],
  values: { q: "tesco stores", route: "", rating: "", town: "" },
  errors: {},
  search: null,
};

function show(data: Partial<SearchPageData>) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <SponsorSearchPage title="Checker" action="/" loaderData={{ ...BASE, ...data }} /> }]);
  render(<Stub initialEntries={["/"]} />);
}
const search = (over: Partial<NonNullable<SearchPageData["search"]>>) => ({ results: [TESCO], total: 1, ambiguous: false, page: 1, pages: 1, dropped: [], ...over });

describe("the checker page", () => {
  it("says the register is loading after a first start, and names the date once there is one", () => {
    show({ registerDate: null, registerLoading: true });
    expect(screen.getByTestId("register-date").textContent).toBe("The register is still loading after the first start. Try again in a few seconds.");
    cleanup();
    show({});
    expect(screen.getByTestId("register-date").textContent).toContain("Register of licensed sponsors as of 26 June 2026.");
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
    show({ search: search({ ambiguous: true, total: 2, results: [TESCO, { ...TESCO, slug: "tesco-stores-limited-leeds", town: "Leeds" }] }) });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Several organisations match “tesco stores” equally well");
    cleanup();
    show({ search: search({ results: [{ ...TESCO, match: "fuzzy" }] }) });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("No exact match for “tesco stores”: 1 similar name");
  });

  it("links pages of results with the search kept", () => {
    show({ values: { q: "tesco", route: "Skilled Worker", rating: "", town: "" }, search: search({ total: 45, page: 2, pages: 3 }) });
    expect(screen.getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe("/?q=tesco&route=Skilled+Worker&rating=&town=&page=1");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe("/?q=tesco&route=Skilled+Worker&rating=&town=&page=3");
  });
});
