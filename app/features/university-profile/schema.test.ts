import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import { contrastRatio, formatRatio, relativeLuminance, whiteTextContrast } from "./colour";
import { accountSchema, brandColourSchema, tabOf, tabPath, universitySchema } from "./schema";

const university = (overrides: Record<string, string | undefined> = {}) =>
  validate(universitySchema, {
    name: "Demo University",
    email_domains: "demo.ac.uk",
    careers_email: "",
    careers_url: "",
    ...overrides,
  });

describe("the tabs", () => {
  it("defaults to the account and knows only its four tabs", () => {
    expect(tabOf(undefined)).toBe("account");
    expect(["account", "university", "branding", "team"].map(tabOf)).toEqual([
      "account",
      "university",
      "branding",
      "team",
    ]);
    for (const other of ["", "Account", "settings", "team/", "__proto__", "toString"])
      expect(tabOf(other), other).toBeNull();
    expect(tabPath("account")).toBe("/university-user-profile");
    expect(tabPath("branding")).toBe("/university-user-profile/branding");
  });
});

describe("the account", () => {
  it("takes a name of 1 to 100 characters and an optional job title of up to 100", () => {
    expect(validate(accountSchema, { name: "  Sarah Whitfield ", job_title: " Head of Careers " })).toEqual({
      success: true,
      data: { name: "Sarah Whitfield", job_title: "Head of Careers" },
    });
    expect(validate(accountSchema, { name: "Q", job_title: "" })).toEqual({
      success: true,
      data: { name: "Q", job_title: null },
    });
    expect(validate(accountSchema, { name: "Q" })).toEqual({ success: true, data: { name: "Q", job_title: null } });
    expect(validate(accountSchema, { name: "   ", job_title: "" })).toEqual({
      success: false,
      fieldErrors: { name: "Enter your name" },
    });
    expect(validate(accountSchema, { name: "x".repeat(101), job_title: "y".repeat(101) })).toEqual({
      success: false,
      fieldErrors: { name: "Your name is at most 100 characters", job_title: "A job title is at most 100 characters" },
    });
    expect(validate(accountSchema, {})).toEqual({ success: false, fieldErrors: { name: "Enter your name" } });
  });
});

describe("the university's details", () => {
  it("reads domains one per line or comma-separated, lower-cased, without duplicates or a leading @", () => {
    const parsed = university({
      email_domains: "Demo.AC.uk\n@student.demo.ac.uk, demo.ac.uk;  xn--bcher-kva.example\r\n\n",
    });
    expect(parsed).toEqual({
      success: true,
      data: {
        name: "Demo University",
        email_domains: ["demo.ac.uk", "student.demo.ac.uk", "xn--bcher-kva.example"],
        careers_email: null,
        careers_url: null,
      },
    });
  });

  it("allows an empty list: then nobody registers on their own", () => {
    expect(university({ email_domains: "  \n " })).toMatchObject({ success: true, data: { email_domains: [] } });
    expect(university({ email_domains: undefined })).toMatchObject({ success: true, data: { email_domains: [] } });
  });

  it("refuses what is not a domain, saying which entry", () => {
    const refused = (text: string) => university({ email_domains: text });
    expect(refused("demo.ac.uk\nlocalhost")).toEqual({
      success: false,
      fieldErrors: { email_domains: "“localhost” is not a domain: write it like demo.ac.uk" },
    });
    expect(refused("someone@demo.ac.uk")).toEqual({
      success: false,
      fieldErrors: {
        email_domains: "“someone@demo.ac.uk” is an email address: write only what follows the @, like demo.ac.uk",
      },
    });
    for (const bad of [
      "demo..ac.uk",
      "-demo.ac.uk",
      "demo-.ac.uk",
      "demo.ac.u",
      "demo.ac.123",
      "*.demo.ac.uk",
      "demo.ac.uk/path",
      "https://demo.ac.uk",
      "dêmo.ac.uk",
      `${"a".repeat(64)}.ac.uk`,
    ]) {
      expect(refused(bad).success, bad).toBe(false);
    }
  });

  it("takes at most 20 different domains", () => {
    const domains = (n: number) => Array.from({ length: n }, (_, i) => `campus${i}.demo.ac.uk`).join("\n");
    expect(university({ email_domains: domains(20) })).toMatchObject({ success: true });
    expect(university({ email_domains: `${domains(20)}\ncampus0.demo.ac.uk` })).toMatchObject({ success: true });
    expect(university({ email_domains: domains(21) })).toEqual({
      success: false,
      fieldErrors: { email_domains: "At most 20 domains: the list has 21" },
    });
  });

  it("takes a name of 1 to 120 characters", () => {
    expect(university({ name: "" })).toEqual({ success: false, fieldErrors: { name: "Enter the university's name" } });
    expect(university({ name: "x".repeat(120) }).success).toBe(true);
    expect(university({ name: "x".repeat(121) })).toEqual({
      success: false,
      fieldErrors: { name: "The name is at most 120 characters" },
    });
  });

  it("takes an optional careers email in the right format", () => {
    expect(university({ careers_email: " careers@demo.ac.uk " })).toMatchObject({
      success: true,
      data: { careers_email: "careers@demo.ac.uk" },
    });
    expect(university({ careers_email: "careers at demo" })).toEqual({
      success: false,
      fieldErrors: {
        careers_email: "Enter the careers service's email address in the right format, like careers@demo.ac.uk",
      },
    });
  });

  it("takes an optional careers website on https only", () => {
    expect(university({ careers_url: "https://careers.demo.ac.uk/students?x=1" })).toMatchObject({
      success: true,
      data: { careers_url: "https://careers.demo.ac.uk/students?x=1" },
    });
    expect(university({ careers_url: "HTTPS://Careers.Demo.ac.uk" })).toMatchObject({
      success: true,
      data: { careers_url: "https://careers.demo.ac.uk/" },
    });
    const message = (url: string) => {
      const parsed = university({ careers_url: url });
      return parsed.success ? null : parsed.fieldErrors.careers_url;
    };
    expect(message("http://careers.demo.ac.uk")).toBe("The careers website must be an https:// address");
    expect(message("javascript:alert(1)")).toBe("The careers website must be an https:// address");
    expect(message("data:text/html,<script>alert(1)</script>")).toBe("The careers website must be an https:// address");
    expect(message("careers.demo.ac.uk")).toBe(
      "Enter the full address of the careers website, like https://careers.demo.ac.uk",
    );
    expect(message("https://user:secret@careers.demo.ac.uk")).toBe(
      "Enter the full address of the careers website, like https://careers.demo.ac.uk",
    );
    expect(message("https://localhost/")).toBe(
      "Enter the full address of the careers website, like https://careers.demo.ac.uk",
    );
    expect(message(`https://demo.ac.uk/${"x".repeat(2000)}`)).toBe("The address is at most 2,000 characters");
  });

  it("reports every field's problem at once", () => {
    expect(
      university({ name: "", email_domains: "nope", careers_email: "nope", careers_url: "http://x.example" }),
    ).toEqual({
      success: false,
      fieldErrors: {
        name: "Enter the university's name",
        email_domains: "“nope” is not a domain: write it like demo.ac.uk",
        careers_email: "Enter the careers service's email address in the right format, like careers@demo.ac.uk",
        careers_url: "The careers website must be an https:// address",
      },
    });
  });
});

describe("the brand colour", () => {
  it("computes WCAG relative luminance and contrast", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 10);
    // The usual reference values: #767676 is the lightest grey that passes on white, #777777 fails.
    expect(whiteTextContrast("#767676")).toBeCloseTo(4.54, 2);
    expect(whiteTextContrast("#777777")).toBeCloseTo(4.48, 2);
    expect(formatRatio(4.4999)).toBe("4.4:1");
    expect(formatRatio(7.1)).toBe("7.1:1");
  });

  it("takes #rrggbb in any case, with or without the #, stored lower-case", () => {
    expect(validate(brandColourSchema, { brand_colour: " #6D28D9 " })).toEqual({
      success: true,
      data: { brand_colour: "#6d28d9" },
    });
    expect(validate(brandColourSchema, { brand_colour: "0f766e" })).toEqual({
      success: true,
      data: { brand_colour: "#0f766e" },
    });
    expect(validate(brandColourSchema, { brand_colour: "#767676" }).success).toBe(true);
  });

  it("refuses what is not #rrggbb", () => {
    for (const bad of ["", "red", "#fff", "#6d28d", "#6d28d9ff", "rgb(0,0,0)", "#gggggg", "#6d28d9;}body{"]) {
      expect(validate(brandColourSchema, { brand_colour: bad }), bad).toEqual({
        success: false,
        fieldErrors: { brand_colour: "Enter the colour as # and six hexadecimal digits, like #6d28d9" },
      });
    }
  });

  it("refuses a colour on which white text is below 4.5:1, saying why", () => {
    expect(validate(brandColourSchema, { brand_colour: "#ffcc00" })).toEqual({
      success: false,
      fieldErrors: {
        brand_colour:
          "White text on #ffcc00 has a contrast of only 1.5:1; it needs at least 4.5:1, because your microsite puts white text on this colour. Choose a darker shade.",
      },
    });
    const grey = validate(brandColourSchema, { brand_colour: "#777777" });
    expect(grey.success).toBe(false);
    expect(grey.success ? "" : grey.fieldErrors.brand_colour).toContain("a contrast of only 4.4:1");
    expect(validate(brandColourSchema, { brand_colour: "#ffffff" }).success).toBe(false);
  });
});
