import { describe, expect, it } from "vitest";
import { CvDocument, printedSections, sectionTitle } from "../document";
import { formatRange } from "../dates";
import { SAMPLE_CV } from "../sample";
import { type AtsReport, type PdfText, SCORE_WEIGHTS, atsCheck } from "./check";
import { printedFields } from "./fields";
import { DATA_ANALYST } from "./job-adverts.test-fixture";

/**
 * The text a faithful single-column PDF of a CV gives back, line by line: the name, the details, the
 * contact line, then each section's heading and each entry's fields with its dates. The tests break
 * it the way a template or a scan would.
 */
function cvLines(doc: CvDocument): string[] {
  const fields = printedFields(doc);
  const b = doc.basics;
  const lines = [
    b.name,
    ...fields.filter((f) => f.section === "basics").map((f) => f.value),
    [b.email, b.phone, b.location.city].filter(Boolean).join(" | "),
  ];
  for (const key of printedSections(doc)) {
    lines.push(sectionTitle(doc, key));
    const own = fields.filter((f) => f.section === key);
    own.forEach((f, i) => {
      lines.push(f.value);
      const item =
        (key === "work" || key === "education") && own[i + 1]?.entry !== f.entry ? doc[key][f.entry!] : undefined;
      if (item) lines.push(formatRange(item.start, item.end, doc.settings.dateFormat));
    });
    if (key === "references" && doc.references.mode === "on-request") lines.push("References available on request.");
  }
  return lines;
}

/** The lines as a PDF's text, cut into pages before the given line numbers. */
function pdf(lines: string[], breaks: number[] = [], images?: number): PdfText {
  const pages: string[] = [];
  let from = 0;
  for (const at of [...breaks, lines.length]) {
    pages.push(lines.slice(from, at).join("\n"));
    from = at;
  }
  return { pages, text: pages.join("\n\n"), ...(images !== undefined && { images }) };
}

const LINES = cvLines(SAMPLE_CV);
const HALF = LINES.indexOf("Skills");
const CONTACT = LINES.find((l) => l.includes(" | "))!;
const check = (text: PdfText, doc = SAMPLE_CV, job?: { title: string; description: string }) =>
  atsCheck({ pdfText: text, doc, job });
const finding = (report: AtsReport, id: string) => {
  const f = report.findings.find((x) => x.id === id);
  if (!f) throw new Error(`no finding ${id}: ${report.findings.map((x) => x.id).join(", ")}`);
  return f;
};
const without = (...values: string[]) => LINES.filter((l) => !values.includes(l));
const replaced = (from: string, to: string) => LINES.map((l) => (l === from ? to : l));

describe("the ATS check", () => {
  it("passes a CV read back in full and in order, with a score of 100", () => {
    const report = check(pdf(LINES, [HALF]));
    expect(report.findings.map((f) => [f.id, f.status])).toEqual([
      ["text", "pass"],
      ["headings", "pass"],
      ["contact-name", "pass"],
      ["contact-email", "pass"],
      ["contact-phone", "pass"],
      ["dates", "pass"],
      ["content", "pass"],
      ["reading-order", "pass"],
      ["length", "pass"],
    ]);
    expect(report.score).toBe(100);
    expect(report.keyTerms).toBeNull();
    for (const f of report.findings) {
      expect(f.title).not.toBe("");
      expect(f.detail).not.toBe("");
    }
  });

  it("fails a missing section heading, naming it, and warns of one read as separate letters", () => {
    const missing = finding(check(pdf(without("Skills", "Publications"))), "headings");
    expect(missing.status).toBe("fail");
    expect(missing.title).toBe("2 section headings are not read: “Skills” and “Publications”");
    expect(missing.fix).toBeTruthy();
    const spaced = finding(check(pdf(replaced("Skills", "S K I L L S"))), "headings");
    expect(spaced).toMatchObject({ status: "warn", title: "A heading is read as separate letters: “Skills”" });
    // A heading the student renamed is looked for by its new name, in any case and spacing.
    const renamed = CvDocument.parse({
      ...SAMPLE_CV,
      settings: { ...SAMPLE_CV.settings, titles: { work: "Where I have worked" } },
    });
    expect(finding(check(pdf(replaced("Work experience", "WHERE I  HAVE\nWORKED"))), "headings").status).toBe("fail");
    expect(finding(check(pdf(replaced("Work experience", "WHERE I  HAVE\nWORKED")), renamed), "headings").status).toBe(
      "pass",
    );
  });

  it("checks the name, email and phone are read on the first page", () => {
    const contact = CONTACT;
    expect(contact).toBe("amara.okafor@example.com | +447911123456 | Manchester");
    // No email: it fails; on page 2 only: it warns.
    expect(finding(check(pdf(replaced(contact, "+447911123456 | Manchester"))), "contact-email")).toMatchObject({
      status: "fail",
      title: "Your email address is not read",
    });
    const onPageTwo = [...replaced(contact, "+447911123456"), "amara.okafor@example.com"];
    expect(finding(check(pdf(onPageTwo, [HALF])), "contact-email").status).toBe("warn");
    // A phone number is compared by its digits, written internationally or nationally.
    for (const written of ["+44 7911 123456", "07911 123456", "+44 (0)7911 123 456", "(+44) 7911-123456"]) {
      expect(
        finding(check(pdf(replaced(contact, `amara.okafor@example.com | ${written}`))), "contact-phone").status,
        written,
      ).toBe("pass");
    }
    expect(
      finding(check(pdf(replaced(contact, "amara.okafor@example.com | 07911 654321"))), "contact-phone").status,
    ).toBe("fail");
    // The name: read on page 2 only warns, not read fails.
    expect(finding(check(pdf([...LINES.slice(1), "Amara Okafor"], [HALF])), "contact-name").status).toBe("warn");
    expect(finding(check(pdf(LINES.slice(1))), "contact-name").status).toBe("fail");
    // A CV without a phone or email at all warns.
    const bare = CvDocument.parse({ ...SAMPLE_CV, basics: { ...SAMPLE_CV.basics, email: "", phone: "" } });
    expect(finding(check(pdf(LINES), bare), "contact-phone")).toMatchObject({
      status: "warn",
      title: "Your CV has no phone number",
    });
    expect(finding(check(pdf(LINES), bare), "contact-email")).toMatchObject({
      status: "warn",
      title: "Your CV has no email address",
    });
  });

  it("warns when dates are read out of order or not at all", () => {
    const a = "Sep 2025 – Present";
    const b = "Jul 2021 – Aug 2024";
    const swapped = LINES.map((l) => (l === a ? b : l === b ? a : l));
    const report = finding(check(pdf(swapped)), "dates");
    expect(report.status).toBe("warn");
    expect(report.detail).toContain("Jul 2021 (Work experience) is read out of order");
    const lost = finding(check(pdf(without("Oct 2017 – Jun 2021"))), "dates");
    expect(lost).toMatchObject({ status: "warn", title: "Some dates are not read" });
    expect(lost.detail).toContain("Oct 2017 (Education)");
    // Another date format is looked for as the CV prints it.
    const numeric = CvDocument.parse({ ...SAMPLE_CV, settings: { ...SAMPLE_CV.settings, dateFormat: "MM/YYYY" } });
    expect(finding(check(pdf(cvLines(numeric)), numeric), "dates").status).toBe("pass");
    expect(finding(check(pdf(LINES), numeric), "dates").status).toBe("warn");
  });

  it("lists what is lost: an essential value fails, a detail warns", () => {
    const lost = finding(
      check(pdf(without("Trained 12 store managers to read the new dashboards", "Tableau"))),
      "content",
    );
    expect(lost.status).toBe("fail");
    expect(lost.title).toBe("2 things on your CV are lost to a machine");
    expect(lost.detail).toContain(
      "“Trained 12 store managers to read the new dashboards” (Work experience, achievement)",
    );
    expect(lost.detail).toContain("“Tableau” (Skills, skill)");
    const levels = finding(check(pdf(without("Expert", "Advanced"))), "content");
    expect(levels.status).toBe("warn");
    expect(levels.detail).toContain("“Expert” (Skills, skill level)");
    // A profile printed by its username instead of its address is read.
    expect(
      finding(check(pdf(replaced("linkedin.com/in/amaraokafor", "LinkedIn: amaraokafor"))), "content").status,
    ).toBe("pass");
  });

  it("fails entries read mixed together, and values read in pieces, as two columns read across the page", () => {
    // Two jobs side by side: each line of the first job is followed by the same line of the second.
    const work = LINES.indexOf("Work experience");
    const education = LINES.indexOf("Education");
    const jobs = LINES.slice(work + 1, education);
    const second = jobs.indexOf("Operations Analyst");
    const left = jobs.slice(0, second);
    const right = jobs.slice(second);
    const rows = left.flatMap((l, i) => [l, right[i] ?? ""]).filter(Boolean);
    const report = check(pdf([...LINES.slice(0, work + 1), ...rows, ...LINES.slice(education)]));
    const order = finding(report, "reading-order");
    expect(order.status).toBe("fail");
    expect(order.detail).toContain(
      "“Operations Analyst” (Work experience, job title) is read before the entry above it ends",
    );
    // A highlight with the other column's line read into its middle.
    const split = LINES.flatMap((l) =>
      l === "Cut the weekly sales report from two days to two hours by moving it to dbt and Power BI"
        ? ["Cut the weekly sales report from two days", "Python", "to two hours by moving it to dbt and Power BI"]
        : [l],
    );
    const pieces = check(pdf(split));
    expect(finding(pieces, "reading-order").detail).toContain(
      "“Cut the weekly sales report from two days to two hours by m…” (Work experience, achievement) is read in pieces",
    );
    // Read in pieces is not also counted as lost.
    expect(finding(pieces, "content").status).toBe("pass");
  });

  it("fails a PDF without text (a scan) with one finding and a score of 0", () => {
    const scan = check({ pages: ["", ""], text: "\n\n" }, SAMPLE_CV, DATA_ANALYST);
    expect(scan.score).toBe(0);
    expect(scan.findings.map((f) => [f.id, f.status])).toEqual([["text", "fail"]]);
    expect(scan.findings[0]!.detail).toContain("scanned");
    expect(scan.keyTerms!.found).toEqual([]);
    expect(scan.keyTerms!.missing.length).toBeGreaterThan(5);
    // A page without text among pages with text warns.
    const blank = finding(check(pdf([...LINES, "", ""], [HALF, LINES.length])), "text");
    expect(blank).toMatchObject({ status: "warn" });
    expect(blank.detail).toContain("page 3");
  });

  it("warns when the CV is longer than its template expects", () => {
    expect(finding(check(pdf(LINES, [20, 40])), "length")).toMatchObject({
      status: "warn",
      title: "Your CV is 3 pages long",
    });
    const us = CvDocument.parse({ ...SAMPLE_CV, settings: { ...SAMPLE_CV.settings, template: "us", paper: "Letter" } });
    expect(finding(check(pdf(LINES, [HALF]), us), "length")).toMatchObject({
      status: "warn",
      title: "Your CV is 2 pages long",
    });
    expect(finding(check(pdf(LINES, [HALF]), us), "length").detail).toContain("A US résumé is usually one page");
    expect(finding(check(pdf(LINES), us), "length").status).toBe("pass");
  });

  it("notes a Europass photo, and warns of pictures elsewhere", () => {
    const europass = CvDocument.parse({ ...SAMPLE_CV, settings: { ...SAMPLE_CV.settings, template: "europass" } });
    const photo = finding(check(pdf(LINES, [], 1), europass), "photo");
    expect(photo).toMatchObject({
      status: "pass",
      title: "Your photo is ignored by machines",
      detail: "A machine ignores it: keep nothing important in it.",
    });
    expect(finding(check(pdf(LINES, [], 1)), "photo").status).toBe("warn");
    expect(finding(check(pdf(LINES, [], 3), europass), "photo").title).toBe(
      "Your CV has 3 pictures that machines ignore",
    );
    expect(check(pdf(LINES, [], 0)).findings.some((f) => f.id === "photo")).toBe(false);
    // The photo note does not count towards the score.
    expect(check(pdf(LINES, [], 1), europass).score).toBe(100);
  });

  it("reports the job's key terms found and missing", () => {
    const report = check(pdf(LINES), SAMPLE_CV, DATA_ANALYST);
    const terms = report.keyTerms!;
    expect(terms.found).toEqual(
      expect.arrayContaining(["data analyst", "sql", "python", "power bi", "tableau", "a/b testing"]),
    );
    expect(terms.missing).toEqual(expect.arrayContaining(["snowflake", "smart meter"]));
    const f = finding(report, "key-terms");
    expect(f.title).toBe(
      `Your CV has ${terms.found.length} of the job's ${terms.found.length + terms.missing.length} key terms`,
    );
    expect(f.detail).toContain(`Missing: ${terms.missing.join(", ")}.`);
    expect(f.status).toBe(terms.found.length / (terms.found.length + terms.missing.length) >= 2 / 3 ? "pass" : "warn");
    // Few of the terms: it fails; the score counts the share found.
    const poor = check(pdf(LINES), SAMPLE_CV, {
      title: "Registered Nurse",
      description:
        "Patient care, medication rounds and NMC registration. Patient safety and wound care on the ward; medication and wound care.",
    });
    expect(finding(poor, "key-terms").status).toBe("fail");
    expect(poor.score).toBeLessThan(100);
  });

  it("scores the weighted share of checks passed, a warning half, failures first", () => {
    const weights = Object.entries(SCORE_WEIGHTS).filter(([id]) => !["photo", "key-terms"].includes(id));
    const total = weights.reduce((n, [, w]) => n + w, 0);
    // The email fails (weight 2) and the length warns (weight 1, half).
    const report = check(pdf([...replaced(CONTACT, "+447911123456"), "amara.okafor@example.org"], [20, 40]));
    expect(report.score).toBe(Math.round((100 * (total - 2 - 0.5)) / total));
    expect(report.findings[0]).toMatchObject({ id: "contact-email", status: "fail" });
    expect(report.findings[1]).toMatchObject({ id: "length", status: "warn" });
    expect(report.findings.slice(2).every((f) => f.status === "pass")).toBe(true);
  });

  it("works on an empty CV", () => {
    const empty = CvDocument.parse({ schemaVersion: 1 });
    const report = check(pdf(["References", "References available on request."]), empty);
    expect(finding(report, "headings").status).toBe("pass");
    expect(finding(report, "contact-name").status).toBe("fail");
    expect(report.score).toBeGreaterThanOrEqual(0);
  });
});
