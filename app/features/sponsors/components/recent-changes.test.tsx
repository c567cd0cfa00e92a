// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type RecentChangesData, RecentChanges } from "./recent-changes";

afterEach(cleanup);

const REGISTER_2021 = { registerDate: "2021-11-02", organisationCount: 38_365, added: 0, removed: 0, changed: 0 };
const NONE: RecentChangesData = {
  snapshot: null,
  previous: null,
  freshness: null,
  added: [],
  removed: [],
  changed: [],
};

function show(data: Partial<RecentChangesData>) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <RecentChanges {...NONE} {...data} /> }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("recent changes", () => {
  it("with one register, names its date and says changes appear once a second one is imported", () => {
    show({ snapshot: REGISTER_2021, freshness: { registerDate: "2021-11-02", ageDays: 1482, stale: true } });
    expect(screen.getByTestId("register-date").textContent).toBe(
      "The register of 2 November 2021 is the first one held here (38,365 organisations), so there is no earlier register to compare it with yet.",
    );
    expect(screen.getByText(/^Changes appear here once a second register has been imported/)).toBeTruthy();
    expect(screen.getByTestId("register-stale").textContent).toContain("2 November 2021, 1,482 days old");
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
  });

  it("without a register, says so", () => {
    show({});
    expect(screen.getByText(/^No register has been imported yet\./)).toBeTruthy();
    expect(screen.queryByTestId("register-date")).toBeNull();
  });

  it("with two registers, counts and lists each kind of change", () => {
    show({
      snapshot: { registerDate: "2026-06-26", organisationCount: 211, added: 196, removed: 38_350, changed: 1 },
      previous: REGISTER_2021,
      freshness: { registerDate: "2026-06-26", ageDays: 3, stale: false },
      added: [{ slug: "branos-oxford-ltd-t-a-lilo", name: "BRANOS OXFORD LTD T/A LILO", town: "Oxford" }],
    });
    expect(screen.getByTestId("register-date").textContent).toBe(
      "The register of 26 June 2026 compared with the one of 2 November 2021.",
    );
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Added to the register: 196",
      "Dropped off the register: 38,350",
      "Routes or rating changed: 1",
    ]);
    expect(screen.getByRole("link", { name: "BRANOS OXFORD LTD T/A LILO" }).getAttribute("href")).toBe(
      "/uk-work-visa-sponsor-licence-check/branos-oxford-ltd-t-a-lilo",
    );
    expect(screen.queryByTestId("register-stale")).toBeNull();
  });
});
