import { describe, expect, it } from "vitest";
import { applyHref, isOpen, openRoles } from "./careers";

describe("open roles", () => {
  it("takes applications through the closing day, by the UK day, and for good without one", () => {
    expect(isOpen({ closes: "2026-12-12" }, "2026-12-11")).toBe(true);
    expect(isOpen({ closes: "2026-12-12" }, "2026-12-12")).toBe(true);
    expect(isOpen({ closes: "2026-12-12" }, "2026-12-13")).toBe(false);
    expect(isOpen({ closes: null }, "2099-01-01")).toBe(true);
  });

  it("hides closed roles and lists the rest newest first, then by title", () => {
    const roles = [
      { title: "Writer", published: "2026-10-26", closes: "2026-12-12" },
      { title: "Engineer", published: "2026-11-10", closes: null },
      { title: "Analyst", published: "2026-11-10", closes: null },
      { title: "Manager", published: "2026-11-18", closes: "2027-01-08" },
    ];
    expect(openRoles(roles, "2026-12-12").map((r) => r.title)).toEqual(["Manager", "Analyst", "Engineer", "Writer"]);
    expect(openRoles(roles, "2026-12-13").map((r) => r.title)).toEqual(["Manager", "Analyst", "Engineer"]);
    expect(openRoles(roles, "2027-01-09").map((r) => r.title)).toEqual(["Analyst", "Engineer"]);
  });

  it("applies by email to the team, the role named in the subject", () => {
    expect(applyHref("team@platform.test", "Careers content writer (part-time)")).toBe(
      "mailto:team@platform.test?subject=Application%3A%20Careers%20content%20writer%20(part-time)",
    );
  });
});
