import { describe, expect, it } from "vitest";
import { RouteSpellings, canonicalRoute } from "./routes";

describe("route names", () => {
  it.each([
    ["Skilled worker", "Skilled Worker"],
    ["  SKILLED   WORKER ", "Skilled Worker"],
    ["Intra Company Routes", "Intra-company Routes"],
    ["global business mobility - senior or specialist worker", "Global Business Mobility: Senior or Specialist Worker"],
    // The route's old name, which the 2021 register uses beside the new one for one sponsor.
    ["Intra Company Transfers (ICT)", "Intra-company Routes"],
  ])("spells %j as the register does: %j", (written, route) => {
    expect(canonicalRoute(written)).toBe(route);
  });

  it("keeps Religious Worker and Religious Workers apart: they are a temporary and a long-term route", () => {
    expect(canonicalRoute("religious worker")).toBe("Religious Worker");
    expect(canonicalRoute("Religious Workers")).toBe("Religious Workers");
  });

  it("keeps a route it does not know as written, and its other spellings in one file as the first", () => {
    expect(canonicalRoute("Future Talent Route")).toBe("Future Talent Route");
    const spellings = new RouteSpellings();
    expect(spellings.of("Future Talent Route")).toBe("Future Talent Route");
    expect(spellings.of("future talent  route")).toBe("Future Talent Route");
    expect(spellings.of("skilled worker")).toBe("Skilled Worker");
  });
});
