import { describe, expect, it } from "vitest";
import type { AccessState } from "~/features/access/access-state";
import { LOGIN_PATH, PREDEPARTURE_LOGIN_PATH, decide } from "~/features/access/guard";
import { ROLES, ROLE_HOME, type Role } from "~/lib/roles";
import { PAGE_ROUTES } from "./route-table";
import { navigationFor } from "./components/navigation";

const paths = (role: Role | null, where: "main" | "microsite" = "main") => {
  const { primary, tools } = navigationFor(role, where);
  return [...primary, ...tools].map((item) => item.to);
};

function stateOf(role: Role | null, where: "main" | "microsite"): AccessState {
  // The most a role can hold: a university whose plan has every feature, and every flag granted.
  return {
    isLoggedIn: role !== null,
    role,
    isMicrosite: where === "microsite",
    pageAccessStatus: true,
    isCihPremiumAccess: role !== null,
    is_country_guide_access: role !== null,
    accountActive: role !== null,
    internalContent: role !== null,
  };
}

describe("navigationFor", () => {
  const everyone = [null, ...ROLES] as const;
  const cases = everyone.flatMap((role) =>
    (["main", "microsite"] as const).map((where) => [role ?? "visitor", where, role] as const),
  );

  it.each(cases)("gives the %s on the %s site only links that open for them", (_name, where, role) => {
    for (const to of paths(role, where)) {
      const route = PAGE_ROUTES.find((r) => r.path === to);
      expect(route, `${to} is a page of the product`).toBeDefined();
      const decision = decide(route!.guard, stateOf(role, where));
      // The career hub moves a microsite's members on to their own videos, which is still the link's page.
      if (decision.kind === "redirect") {
        expect(
          [LOGIN_PATH, PREDEPARTURE_LOGIN_PATH, "/", ...Object.values(ROLE_HOME)],
          `${to} for ${role}`,
        ).not.toContain(decision.to);
      } else {
        expect(decision.kind, `${to} for ${role}`).toBe("open");
      }
    }
  });

  it.each(cases)("lists each page once for the %s on the %s site", (_name, where, role) => {
    const list = paths(role, where);
    expect(new Set(list).size).toBe(list.length);
    expect(list.length).toBeGreaterThan(0);
  });

  it("starts each role's links with its own home page", () => {
    for (const role of ROLES) expect(navigationFor(role).primary[0]!.to).toBe(ROLE_HOME[role]);
  });

  it("gives a student the working tools beside their own pages", () => {
    const { primary, tools } = navigationFor("student");
    expect(primary.map((i) => i.to)).toEqual(expect.arrayContaining(["/student-dashboard", "/my-cvs", "/blog"]));
    expect(tools.map((i) => i.to)).toEqual([
      "/my-journey",
      "/achievements",
      "/sponsorship-licence-checker",
      "/skilled-migration-points-calculator-australia",
    ]);
  });

  it("gives a university admin the blog and the sponsor checker with the shortlist", () => {
    expect(paths("university_admin")).toEqual(expect.arrayContaining(["/blog", "/sponsorship-licence-checker"]));
  });

  it("gives a pre-departure student the blog and the employability video guide", () => {
    expect(paths("predeparture_student")).toEqual(
      expect.arrayContaining(["/blog", "/jumpstart/employability-video-guide"]),
    );
  });

  it("gives visitors the open sponsor checker, never the one that needs a login", () => {
    for (const where of ["main", "microsite"] as const) {
      expect(paths(null, where)).toContain("/uk-work-visa-sponsor-licence-check");
      expect(paths(null, where)).not.toContain("/sponsorship-licence-checker");
    }
  });

  it("offers a visitor on a microsite no page that would only send them to log in", () => {
    expect(paths(null, "microsite")).not.toContain("/jobs");
    expect(paths(null, "main")).toContain("/jobs");
  });
});
