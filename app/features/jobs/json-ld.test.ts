import { describe, expect, it } from "vitest";
import { REQUIRED_JOB_POSTING_PROPERTIES, jobPostingLd } from "./json-ld";

const JOB = {
  slug: "software-developer-acme-abc123",
  title: "Software developer",
  descriptionHtml: "<p>Build things.</p>",
  employerName: "Acme Software Ltd",
  town: "London",
  region: "London",
  country: "GB",
  workArrangement: "on-site" as const,
  salaryMin: 56_000,
  salaryMax: 65_000,
  salaryCurrency: "GBP",
  salaryPeriod: "year" as const,
  type: "full-time" as const,
  postedAt: new Date("2026-11-20T09:00:00Z"),
  closingDate: "2026-12-20",
  source: "acme-feed",
  externalId: "1",
};

const FEED = { directApply: false };

describe("jobPostingLd", () => {
  it("has every property Google requires, each of the right kind", () => {
    const ld = jobPostingLd(JOB, "https://careers.example", FEED) as Record<string, unknown>;
    for (const property of REQUIRED_JOB_POSTING_PROPERTIES) expect(ld[property], property).toBeTruthy();
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      datePosted: "2026-11-20T09:00:00.000Z",
      hiringOrganization: { "@type": "Organization", name: "Acme Software Ltd" },
      jobLocation: {
        "@type": "Place",
        address: { "@type": "PostalAddress", addressLocality: "London", addressCountry: "GB" },
      },
    });
  });

  it("gives the recommended ones we hold: salary, type, closing date, identifier", () => {
    expect(jobPostingLd(JOB, "https://careers.example", FEED)).toMatchObject({
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "GBP",
        value: { "@type": "QuantitativeValue", minValue: 56_000, maxValue: 65_000, unitText: "YEAR" },
      },
      employmentType: "FULL_TIME",
      validThrough: "2026-12-20T23:59:59Z",
      identifier: { "@type": "PropertyValue", name: "acme-feed", value: "1" },
      url: "https://careers.example/jobs/software-developer-acme-abc123",
      directApply: false,
    });
    expect(jobPostingLd(JOB, "https://careers.example", { directApply: true }).directApply).toBe(true);
    const hourly = jobPostingLd(
      { ...JOB, salaryMin: 12.5, salaryMax: 12.5, salaryPeriod: "hour", type: "part-time" },
      "https://careers.example",
      FEED,
    );
    expect(hourly).toMatchObject({
      employmentType: "PART_TIME",
      baseSalary: { value: { value: 12.5, unitText: "HOUR" } },
    });
  });

  it("marks remote work and leaves out a salary it does not have", () => {
    const ld = jobPostingLd(
      {
        ...JOB,
        workArrangement: "remote",
        salaryMin: null,
        salaryMax: null,
        salaryCurrency: null,
        salaryPeriod: null,
        closingDate: null,
      },
      "https://careers.example",
      FEED,
    );
    expect(ld).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "GB" },
    });
    expect(ld).not.toHaveProperty("baseSalary");
    expect(ld).not.toHaveProperty("validThrough");
  });
});
