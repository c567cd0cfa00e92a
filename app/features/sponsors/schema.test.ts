import { describe, expect, it } from "vitest";
import { validateSearch } from "./schema";

describe("a search's route filter", () => {
  it("takes the route in any capitals or spacing, and in its old name", () => {
    const route = (value: string) => {
      const input = validateSearch(new URLSearchParams({ q: "tesco", route: value }));
      return input.success ? input.data.route : input.fieldErrors;
    };
    expect(route("skilled  worker")).toBe("Skilled Worker");
    expect(route("Intra Company Transfers (ICT)")).toBe("Intra-company Routes");
    expect(route("")).toBeUndefined();
  });
});
