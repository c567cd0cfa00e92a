import { describe, expect, it } from "vitest";
import { CvDocument, emptyDocument } from "./document";
import { cefrOf, fromJsonResume, toJsonResume } from "./json-resume";
import { SAMPLE_CV } from "./sample";

/** A JSON Resume 1.0 document with every field the schema names (as another tool would export it). */
const RESUME = {
  basics: {
    name: "Wei Zhang 张伟",
    label: "Software engineer",
    image: "https://example.com/wei.jpg",
    email: "wei@example.com",
    phone: "+44 7911 123456",
    url: "https://wei.example.com",
    summary: "Backend engineer.\n\n- Go and **PostgreSQL**",
    location: { address: "1 Main Street", postalCode: "M1 1AA", city: "Manchester", countryCode: "GB", region: "Greater Manchester" },
    profiles: [{ network: "GitHub", username: "wei", url: "https://github.com/wei" }],
  },
  work: [
    { name: "Acme", location: "London", description: "Payments", position: "Engineer", url: "https://acme.example.com", startDate: "2023-01-15", summary: "Built things.", highlights: ["One", "Two"] },
    { name: "Beta", position: "Intern", startDate: "2021-06", endDate: "2021-09" },
  ],
  volunteer: [{ organization: "Code Club", position: "Mentor", url: "https://codeclub.example.org", startDate: "2022", endDate: "2023", summary: "Taught.", highlights: ["Kids"] }],
  education: [{ institution: "Imperial College London", url: "https://imperial.ac.uk", area: "Computing", studyType: "MSc", startDate: "2021-09", endDate: "2022-09", score: "Merit", courses: ["Databases"] }],
  awards: [{ title: "Best project", date: "2022-09-01", awarder: "Imperial", summary: "For the thesis." }],
  certificates: [{ name: "AWS Solutions Architect", date: "2023-05", url: "https://aws.example.com/cert", issuer: "Amazon" }],
  publications: [{ name: "On queues", publisher: "Blog", releaseDate: "2024-02-02", url: "https://wei.example.com/queues", summary: "About queues." }],
  skills: [{ name: "Backend", level: "Master", keywords: ["Go", "SQL"] }],
  languages: [
    { language: "Mandarin", fluency: "Native speaker" },
    { language: "English", fluency: "Fluent (C1)" },
  ],
  interests: [{ name: "Climbing", keywords: ["Bouldering"] }],
  references: [{ name: "Jane Doe", reference: "A great colleague." }],
  projects: [
    { name: "Queue", description: "A job queue.", highlights: ["Fast"], keywords: ["Go"], startDate: "2024-01", endDate: "2024-03", url: "https://github.com/wei/queue", roles: ["Author"], entity: "Personal", type: "application" },
  ],
};

const withoutOurs = ({ $schema: _s, meta: _m, ...rest }: Record<string, unknown>) => rest;

describe("JSON Resume", () => {
  it("reads a JSON Resume document and writes the same one back", () => {
    const read = fromJsonResume(RESUME);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(withoutOurs(toJsonResume(read.document))).toEqual(RESUME);
  });

  it("reads an entry with no end date as going on, and its fluency's CEFR level", () => {
    const read = fromJsonResume(RESUME);
    if (!read.ok) throw new Error("not read");
    expect(read.document.work[0]).toMatchObject({ start: "2023-01-15", end: "present" });
    expect(read.document.work[1]).toMatchObject({ end: "2021-09" });
    expect(read.document.languages.map((l) => l.cefr)).toEqual(["native", "C1"]);
    expect(read.document.references.mode).toBe("entries");
  });

  it("imports its own export as the CV it came from, settings, custom sections and order included", () => {
    const doc = CvDocument.parse({ ...SAMPLE_CV, order: ["education", "work", "custom:x1"], hidden: ["interests"], settings: { ...SAMPLE_CV.settings, template: "modern", accent: "#aa3300" } });
    const read = fromJsonResume(JSON.parse(JSON.stringify(toJsonResume(doc))));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.document).toEqual(doc);
    const empty = fromJsonResume(toJsonResume(emptyDocument("us")));
    expect(empty.ok && empty.document).toEqual(emptyDocument("us"));
  });

  it("names the path of each wrong field", () => {
    const read = fromJsonResume({ basics: { name: 42 }, work: [{ name: "A", startDate: "last year" }], skills: "many" });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.map((e) => e.path)).toEqual(expect.arrayContaining(["basics.name", "skills"]));
    const dates = fromJsonResume({ work: [{ name: "A", startDate: "last year" }] });
    expect(!dates.ok && dates.errors).toEqual([{ path: "work.0.start", message: "must be a date as YYYY, YYYY-MM or YYYY-MM-DD" }]);
  });

  it("finds CEFR levels in free-text fluency", () => {
    expect(cefrOf("Mother tongue")).toBe("native");
    expect(cefrOf("B2 (upper intermediate)")).toBe("B2");
    expect(cefrOf("Conversational")).toBe("");
  });
});
