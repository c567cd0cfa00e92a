import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import { profileSchema, profileStepSchema } from "./profile-schema";

const today = new Date("2026-11-23T12:00:00Z");
const schema = profileStepSchema(new Set([226, 104]), today);
const good = {
  course: "MSc Data Science",
  study_level: "postgraduate_taught",
  graduation: "2027-09",
  home_country: "104",
  visa_type: "student",
};

describe("the profile step of registration", () => {
  it("keeps typed values as the database stores them", () => {
    expect(validate(schema, good)).toEqual({
      success: true,
      data: {
        course: "MSc Data Science",
        study_level: "postgraduate_taught",
        graduation: "2027-09-01",
        home_country: 104,
        visa_type: "student",
      },
    });
  });

  it("takes a month typed as 09/2027 where the browser shows a text box", () => {
    expect(validate(schema, { ...good, graduation: "9/2027" })).toMatchObject({
      success: true,
      data: { graduation: "2027-09-01" },
    });
  });

  it("names every missing or wrong answer", () => {
    expect(validate(schema, {})).toEqual({
      success: false,
      fieldErrors: {
        course: "Enter your course",
        study_level: "Choose your level of study",
        graduation: "Enter the month you graduate, like 2027-06",
        home_country: "Choose your home country",
        visa_type: "Choose your current visa",
      },
    });
    expect(validate(schema, { ...good, graduation: "2027-13" })).toMatchObject({
      fieldErrors: { graduation: "Enter the month you graduate, like 2027-06" },
    });
    expect(validate(schema, { ...good, graduation: "2040-01" })).toMatchObject({
      fieldErrors: { graduation: "Enter a graduation year between 2016 and 2036" },
    });
    expect(validate(schema, { ...good, home_country: "999" })).toMatchObject({
      fieldErrors: { home_country: "Choose your home country from the list" },
    });
    expect(validate(schema, { ...good, visa_type: "tourist" })).toMatchObject({
      fieldErrors: { visa_type: "Choose your current visa" },
    });
  });
});

describe("the whole profile", () => {
  const full = profileSchema(new Set([226, 104]), today);
  const answers = { ...good, name: "Aisha Khan", email: "aisha@demo.test" };

  it("needs only what the registration asked, with interests and emails optional", () => {
    expect(validate(full, answers)).toEqual({
      success: true,
      data: {
        name: "Aisha Khan",
        email: "aisha@demo.test",
        current_password: "",
        phone: null,
        course: "MSc Data Science",
        study_level: "postgraduate_taught",
        graduation: "2027-09-01",
        home_country: 104,
        visa_type: "student",
        visa_expiry: null,
        sectors: [],
        locations: [],
        job_types: [],
        linkedin_url: null,
        job_alerts: false,
        newsletters: false,
      },
    });
  });

  it("takes one ticked box or several, and locations as a list without repeats", () => {
    const r = validate(full, {
      ...answers,
      sectors: "law",
      job_types: ["internship", "placement"],
      locations: " Leeds, York ,Leeds,, ",
      newsletters: "on",
    });
    expect(r).toMatchObject({
      success: true,
      data: {
        sectors: ["law"],
        job_types: ["internship", "placement"],
        locations: ["Leeds", "York"],
        newsletters: true,
      },
    });
  });

  it("refuses a box that is not on the form, a LinkedIn address elsewhere, an impossible expiry date", () => {
    expect(
      validate(full, {
        ...answers,
        sectors: ["law", "gambling"],
        linkedin_url: "https://linkedin.com.evil.example/in/x",
        visa_expiry: "2027-02-29",
      }),
    ).toMatchObject({
      success: false,
      fieldErrors: {
        sectors: "Choose sectors from the list",
        linkedin_url: "Enter your LinkedIn profile's address, like https://www.linkedin.com/in/your-name",
        visa_expiry: "Enter the expiry date as it is on your visa, like 2027-01-31",
      },
    });
  });
});
