import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import { JOB_FIELDS, type JobFormValues, jobFormSchema, termsOfValues } from "./job-form";

const TODAY = "2026-11-28";
const good: JobFormValues = {
  title: "Test engineer",
  type: "full-time",
  town: "Leeds",
  region: "",
  country: "gb",
  remote: "hybrid",
  salary_min: "£38,450",
  salary_max: "42000",
  salary_period: "year",
  salary: "",
  hours_per_week: "37.5",
  soc: "2136",
  description: "Test **our** software.",
  closing_date: "2026-12-31",
  apply_url: "",
};
const check = (changes: JobFormValues) =>
  validate(jobFormSchema(TODAY), { ...Object.fromEntries(JOB_FIELDS.map((f) => [f, ""])), ...good, ...changes });

describe("the job form", () => {
  it("reads a good form: figures with £ and commas, empty optional fields as null, the country in capitals", () => {
    const checked = check({});
    expect(checked.success && checked.data).toMatchObject({
      salary_min: 38_450,
      salary_max: 42_000,
      region: null,
      apply_url: null,
      country: "GB",
      hours_per_week: 37.5,
      closing_date: "2026-12-31",
    });
  });

  it("refuses each bad field with its own message", () => {
    const errors = (changes: JobFormValues) => {
      const checked = check(changes);
      return checked.success ? {} : checked.fieldErrors;
    };
    expect(errors({ title: "" })).toEqual({ title: "Enter the job's title" });
    expect(errors({ type: "gig" })).toEqual({ type: "Choose the type of job" });
    expect(errors({ salary_min: "lots" })).toEqual({
      salary_min: "The lowest salary must be a number from 0.01 to 10,000,000",
    });
    expect(errors({ salary_min: "50000", salary_max: "40000" })).toEqual({
      salary_min: "The lowest salary is more than the highest",
    });
    expect(errors({ salary_period: "" })).toEqual({ salary_period: "Choose what the salary is paid for" });
    expect(errors({ soc: "21" })).toEqual({ soc: "The occupation is a four-digit SOC 2020 code" });
    expect(errors({ closing_date: "2026-11-27" })).toEqual({ closing_date: "The closing date must be today or later" });
    expect(errors({ apply_url: "javascript:alert(1)" })).toEqual({
      apply_url: "Your page for the job must be a web address (https://…)",
    });
    expect(errors({ description: " " })).toEqual({ description: "Describe the job" });
  });

  it("reads the verdict's fields of an unfinished form, a bad one as not given", () => {
    expect(
      termsOfValues({ salary_min: "30k", salary_period: "hour", hours_per_week: "20", soc: "2136" }, TODAY),
    ).toEqual({
      salary_min: null,
      salary_max: null,
      salary_period: "hour",
      salary: null,
      hours_per_week: 20,
      soc: "2136",
      country: "GB",
    });
  });
});
