import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("makes an address segment of lower-case ASCII words", () => {
    expect(slugify("Marks & Spencer plc")).toBe("marks-and-spencer-plc");
    expect(slugify("Covéa Insurance Services Limited")).toBe("covea-insurance-services-limited");
    expect(slugify("Sainsbury's: the (new) store")).toBe("sainsburys-the-new-store");
    expect(slugify("???")).toBe("");
  });
});
