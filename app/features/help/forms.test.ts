import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import { PartnerSchema, ambassadorSchema, graduationLabel, graduationYears } from "./forms";

const PARTNER = {
  name: "Dr Amara Okafor",
  email: "a.okafor@example.ac.uk",
  organisation: "Example University",
  job_title: "Head of Careers",
  students: "2000-4999",
  message: "We would like a demonstration for our team.",
  website: "",
};
const AMBASSADOR = {
  name: "Lucía Fernández",
  email: "lucia@example.ac.uk",
  university: "Example University",
  course: "MSc Data Science",
  graduation_month: "6",
  graduation_year: "2027",
  why: "I run the international students' society and help new students find part-time work every term.",
  website: "",
};
const THIS_YEAR = 2026;

const errorsOf = (schema: Parameters<typeof validate>[0], raw: Record<string, unknown>) => {
  const r = validate(schema, raw);
  if (r.success) throw new Error(`expected errors, got ${JSON.stringify(r.data)}`);
  return r.fieldErrors;
};

describe("the Partner with us form", () => {
  it("accepts a good enquiry, trimmed, with only the fields it stores", () => {
    const r = validate(PartnerSchema, { ...PARTNER, name: "  Dr Amara Okafor ", organisation: " Example University " });
    expect(r).toEqual({
      success: true,
      data: {
        name: "Dr Amara Okafor",
        email: "a.okafor@example.ac.uk",
        organisation: "Example University",
        job_title: "Head of Careers",
        students: "2000-4999",
        message: "We would like a demonstration for our team.",
      },
    });
  });

  it("takes the number of students as optional", () => {
    expect(validate(PartnerSchema, { ...PARTNER, students: "" })).toMatchObject({
      success: true,
      data: { students: "" },
    });
    const { students: _students, ...without } = PARTNER;
    expect(validate(PartnerSchema, without)).toMatchObject({ success: true, data: { students: "" } });
    expect(errorsOf(PartnerSchema, { ...PARTNER, students: "a million" })).toEqual({
      students: "Choose one of the ranges, or leave it empty",
    });
  });

  it.each([
    ["name", "", "Enter your full name"],
    ["email", "not-an-email", "Enter an email address in the right format, like name@example.com"],
    ["organisation", "  ", "Enter your university or organisation"],
    ["organisation", "x".repeat(151), "The university or organisation must be 150 characters or fewer"],
    ["job_title", undefined, "Enter your job title"],
    ["job_title", "x".repeat(121), "Your job title must be 120 characters or fewer"],
    ["message", "Demo pls ", "Tell us what you would like: at least 10 characters"],
    ["message", "x".repeat(5001), "Your message must be 5,000 characters or fewer"],
  ])("%s %j: %s", (field, value, message) => {
    expect(errorsOf(PartnerSchema, { ...PARTNER, [field]: value })).toEqual({ [field]: message });
  });

  it("gives every field's error at once", () => {
    expect(Object.keys(errorsOf(PartnerSchema, {})).sort()).toEqual([
      "email",
      "job_title",
      "message",
      "name",
      "organisation",
    ]);
  });
});

describe("the campus ambassadors' form", () => {
  const schema = ambassadorSchema(THIS_YEAR);

  it("accepts a good application, the graduation as year and month", () => {
    expect(validate(schema, AMBASSADOR)).toEqual({
      success: true,
      data: {
        name: "Lucía Fernández",
        email: "lucia@example.ac.uk",
        university: "Example University",
        course: "MSc Data Science",
        graduation: "2027-06",
        why: AMBASSADOR.why,
      },
    });
  });

  it("takes the month as optional", () => {
    expect(validate(schema, { ...AMBASSADOR, graduation_month: "" })).toMatchObject({
      success: true,
      data: { graduation: "2027" },
    });
    expect(validate(schema, { ...AMBASSADOR, graduation_month: "12" })).toMatchObject({
      success: true,
      data: { graduation: "2027-12" },
    });
  });

  it("offers this year and the six after it, and accepts only those", () => {
    expect(graduationYears(THIS_YEAR)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032]);
    expect(validate(schema, { ...AMBASSADOR, graduation_year: "2032" }).success).toBe(true);
    for (const year of ["2025", "2033", "", "next year", undefined]) {
      expect(errorsOf(schema, { ...AMBASSADOR, graduation_year: year })).toEqual({
        graduation_year: "Choose the year you expect to graduate",
      });
    }
    // The check moves with the year it is given, as the page's list does.
    expect(validate(ambassadorSchema(2027), { ...AMBASSADOR, graduation_year: "2026" }).success).toBe(false);
  });

  it.each([
    ["graduation_month", "13", "Choose a month from the list, or leave it empty"],
    ["graduation_month", "June", "Choose a month from the list, or leave it empty"],
    ["university", "", "Enter your university"],
    ["course", "", "Enter your course"],
    ["why", "I would like to help.", "Tell us why you would like to be an ambassador: at least 50 characters"],
    ["why", "x".repeat(3001), "Tell us in 3,000 characters or fewer"],
  ])("%s %j: %s", (field, value, message) => {
    expect(errorsOf(schema, { ...AMBASSADOR, [field]: value })).toEqual({ [field]: message });
  });

  it("gives every field's error at once, the year's too", () => {
    expect(Object.keys(errorsOf(schema, { graduation_month: "0" })).sort()).toEqual([
      "course",
      "email",
      "graduation_month",
      "graduation_year",
      "name",
      "university",
      "why",
    ]);
  });

  it("names the graduation in words", () => {
    expect(graduationLabel("2027-06")).toBe("June 2027");
    expect(graduationLabel("2028")).toBe("2028");
  });
});
