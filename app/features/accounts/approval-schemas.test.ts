import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import { alumniSchema, staffSchema } from "./approval-schemas";

const TODAY = new Date("2026-11-23T12:00:00Z");
const GRADUATE = { name: "Priya Raman", email: "priya@example.com", course: "MSc Finance", graduation_year: "2019" };

describe("alumniSchema", () => {
  it("takes a graduate with any address and gives the year as a number", () => {
    const result = validate(alumniSchema(TODAY), GRADUATE);
    expect(result.success && result.data).toEqual({ ...GRADUATE, graduation_year: 2019 });
  });

  it.each([
    ["", "Enter the year you graduated"],
    ["19", "Enter the year you graduated as four digits, like 2022"],
    ["2027", "Enter the year you graduated, from 1950 to 2026"],
    ["1949", "Enter the year you graduated, from 1950 to 2026"],
  ])("refuses the graduation year %j with the field's message", (year, message) => {
    const result = validate(alumniSchema(TODAY), { ...GRADUATE, graduation_year: year });
    expect(result.success ? null : result.fieldErrors).toEqual({ graduation_year: message });
  });

  it("names every missing field", () => {
    const result = validate(alumniSchema(TODAY), {});
    expect(result.success ? [] : Object.keys(result.fieldErrors).sort()).toEqual([
      "course",
      "email",
      "graduation_year",
      "name",
    ]);
  });
});

describe("staffSchema", () => {
  const schema = staffSchema(new Set(["demo-university"]));
  const STAFF = {
    university: "demo-university",
    name: "Tom Baker",
    email: "tom@demo.test",
    job_title: "Careers adviser",
  };

  it("takes a member of staff of a listed university", () => {
    const result = validate(schema, STAFF);
    expect(result.success && result.data).toEqual(STAFF);
  });

  it("refuses a university that is not offered, and an empty job title", () => {
    const result = validate(schema, { ...STAFF, university: "elsewhere", job_title: " " });
    expect(result.success ? null : result.fieldErrors).toEqual({
      university: "Choose your university from the list",
      job_title: "Enter your job title",
    });
  });
});
