import { describe, expect, it } from "vitest";
import { CvDocument, LIMITS, emptyDocument, printedSections, sectionOrder, sectionTitle } from "./document";
import { formatRange } from "./dates";
import { SAMPLE_CV } from "./sample";
import { upgradeDocument, upgradeRaw } from "./upgrade";

describe("the CV document", () => {
  it("gives a US résumé Letter paper and the others A4", () => {
    expect(emptyDocument("us").settings.paper).toBe("Letter");
    expect(emptyDocument("europass").settings.paper).toBe("A4");
  });

  it("puts sections in the writer's order, then the rest in the default order, and prints only shown ones with content", () => {
    const doc = CvDocument.parse({ ...SAMPLE_CV, order: ["skills", "custom:x1", "work"], hidden: ["interests"] });
    expect(sectionOrder(doc).slice(0, 5)).toEqual(["skills", "custom:x1", "work", "summary", "education"]);
    expect(printedSections(doc)).not.toContain("interests");
    expect(printedSections(emptyDocument())).toEqual(["references"]);
    expect(sectionTitle({ ...doc, settings: { ...doc.settings, titles: { work: "Experience" } } }, "work")).toBe(
      "Experience",
    );
    expect(sectionTitle(doc, "custom:x1")).toBe("Leadership");
  });

  it("refuses what no CV holds, naming the field", () => {
    const bad = CvDocument.safeParse({
      ...SAMPLE_CV,
      settings: { ...SAMPLE_CV.settings, template: "fancy" },
      basics: { ...SAMPLE_CV.basics, url: "javascript:alert(1)" },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["settings.template", "basics.url"]));
    expect(CvDocument.safeParse({ ...SAMPLE_CV, summary: "x".repeat(LIMITS.richText + 1) }).success).toBe(false);
    expect(CvDocument.safeParse({ ...SAMPLE_CV, order: ["custom:nope"] }).success).toBe(false);
  });

  it("writes date ranges in the chosen format", () => {
    expect(formatRange("2024-09", "present", "MMM YYYY")).toBe("Sep 2024 – Present");
    expect(formatRange("2024-09-15", "2025-01", "MMMM YYYY")).toBe("September 2024 – January 2025");
    expect(formatRange("2019", "", "MM/YYYY")).toBe("2019");
    expect(formatRange("2024-09", "2025-06", "MM/YYYY")).toBe("09/2024 – 06/2025");
  });
});

describe("upgrading stored documents", () => {
  it("opens a current document as it is", () => {
    expect(upgradeDocument(JSON.parse(JSON.stringify(SAMPLE_CV)))).toEqual({ ok: true, document: SAMPLE_CV });
  });

  it("runs each version's step in order up to the current one", () => {
    const steps = {
      1: (d: Record<string, unknown>) => ({ ...d, headline: `${d.title}` }),
      2: (d: Record<string, unknown>) => ({ ...d, headline: `${d.headline}!` }),
    };
    expect(upgradeRaw({ schemaVersion: 1, title: "Analyst" }, steps, 3)).toEqual({
      ok: true,
      raw: { schemaVersion: 3, title: "Analyst", headline: "Analyst!" },
    });
    expect(upgradeRaw({ schemaVersion: 2, headline: "Analyst" }, steps, 3)).toEqual({
      ok: true,
      raw: { schemaVersion: 3, headline: "Analyst!" },
    });
    expect(upgradeRaw({ schemaVersion: 1 }, {}, 2)).toEqual({
      ok: false,
      errors: [{ path: "schemaVersion", message: "version 1 cannot be upgraded" }],
    });
  });

  it("refuses a document from the future or without a version", () => {
    expect(upgradeDocument({ ...SAMPLE_CV, schemaVersion: 99 }).ok).toBe(false);
    expect(upgradeDocument({ basics: {} }).ok).toBe(false);
    expect(upgradeDocument([]).ok).toBe(false);
  });
});
