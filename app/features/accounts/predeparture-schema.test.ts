import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import { predepartureSchema } from "./predeparture-schema";

const schema = predepartureSchema(new Date("2026-11-23T12:00:00Z"));
const good = { name: "Wei Chen", email: "wei@mail.example", course: "MSc Finance", course_start: "2027-09-21" };

describe("pre-departure registration", () => {
  it("takes any address and the offer's course and start date", () => {
    expect(validate(schema, good)).toEqual({ success: true, data: good });
  });
  it("names a missing, impossible or far-off start date", () => {
    expect(validate(schema, { ...good, course_start: "" })).toMatchObject({
      fieldErrors: { course_start: "Enter the date your course starts, like 2027-09-21" },
    });
    expect(validate(schema, { ...good, course_start: "2027-02-30" })).toMatchObject({
      fieldErrors: { course_start: "Enter a real date, like 2027-09-21" },
    });
    expect(validate(schema, { ...good, course_start: "2031-09-01" })).toMatchObject({
      fieldErrors: { course_start: "Enter a start date between 2025 and 2029" },
    });
  });
});
