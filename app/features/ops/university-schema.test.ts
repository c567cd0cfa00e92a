import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import { detailsSchema, newUniversitySchema, planSchema } from "./university-schema";

const valid = {
  name: " Harbour University ",
  slug: "Harbour-Uni",
  country: "226",
  email_domains: "@Harbour.ac.uk\nstudent.harbour.ac.uk, harbour.ac.uk",
  microsite_host: "Careers.Harbour.ac.uk",
  alumni_access_months: "24",
  self_registration: "on",
};
const details = (changes: Record<string, string>) => validate(detailsSchema("localhost"), { ...valid, ...changes });

describe("a university's details", () => {
  it("become the university's columns: trimmed, lower-cased, domains deduplicated", () => {
    expect(details({})).toEqual({
      success: true,
      data: {
        name: "Harbour University",
        slug: "harbour-uni",
        countryId: 226,
        emailDomains: ["harbour.ac.uk", "student.harbour.ac.uk"],
        micrositeHost: "careers.harbour.ac.uk",
        alumniAccessMonths: 24,
        selfRegistrationOpen: true,
      },
    });
    // Empty optional fields: no domains, no microsite, access for good; an unticked box is closed.
    expect(
      details({ email_domains: "", microsite_host: "", alumni_access_months: "", self_registration: "" }),
    ).toMatchObject({
      success: true,
      data: { emailDomains: [], micrositeHost: null, alumniAccessMonths: null, selfRegistrationOpen: false },
    });
  });

  it("refuse a slug that is not one, with what a slug is", () => {
    for (const slug of ["harbour uni", "harbour_uni", "-harbour", "harbour--uni", "é-uni"])
      expect(details({ slug }), slug).toMatchObject({
        fieldErrors: {
          slug: "The slug takes lower-case letters, digits and hyphens between them, like demo-university",
        },
      });
    expect(details({ slug: "2024" })).toMatchObject({
      fieldErrors: { slug: "The slug needs a letter: digits alone are read as a university's number" },
    });
    expect(details({ slug: "" })).toMatchObject({ fieldErrors: { slug: expect.stringContaining("Enter the slug") } });
  });

  it("refuse domains that are not, a host with a scheme or port, the platform's own host, and odd months", () => {
    expect(details({ email_domains: "harbour.ac.uk\nnot a domain" })).toMatchObject({
      fieldErrors: { email_domains: "“not” is not a domain: write it like demo.ac.uk" },
    });
    for (const host of ["https://careers.harbour.ac.uk", "careers.harbour.ac.uk:8080", "careers/harbour", "localhost"])
      expect(details({ microsite_host: host }), host).toMatchObject({
        fieldErrors: { microsite_host: expect.stringContaining("Enter the microsite's host name alone") },
      });
    expect(validate(detailsSchema("careers.example"), { ...valid, microsite_host: "Careers.Example" })).toMatchObject({
      fieldErrors: { microsite_host: "careers.example is the platform's own address, not a microsite's" },
    });
    for (const months of ["0", "1.5", "-3", "601", "twelve"])
      expect(details({ alumni_access_months: months }), months).toMatchObject({
        fieldErrors: { alumni_access_months: expect.stringContaining("whole number of months") },
      });
  });

  it("of a new university take a brand colour white text reads on", () => {
    const schema = newUniversitySchema("localhost");
    expect(validate(schema, { ...valid, brand_colour: "#1D4ED8" })).toMatchObject({
      success: true,
      data: { slug: "harbour-uni", brandColour: "#1d4ed8" },
    });
    expect(validate(schema, { ...valid, brand_colour: "blue" })).toMatchObject({
      fieldErrors: { brand_colour: "Enter the colour as # and six hexadecimal digits, like #6d28d9" },
    });
    expect(validate(schema, { ...valid, brand_colour: "#ffff00" })).toMatchObject({
      fieldErrors: { brand_colour: expect.stringContaining("contrast of only") },
    });
  });
});

describe("a university's plan", () => {
  it("is the boxes ticked", () => {
    expect(validate(planSchema, { plan_career_hub: "on", plan_cih_premium: "", plan_country_guides: "on" })).toEqual({
      success: true,
      data: { planCareerHub: true, planCihPremium: false, planCountryGuides: true },
    });
    expect(validate(planSchema, {})).toMatchObject({
      data: { planCareerHub: false, planCihPremium: false, planCountryGuides: false },
    });
  });
});
