import { describe, expect, it } from "vitest";
import { CvDocument, emptyDocument } from "./document";
// The JSON Resume project's own sample (jsonresume/resume-schema, sample.resume.json, v1.0.0), as published.
import JSON_RESUME_SAMPLE from "./test-fixtures/jsonresume-sample.resume.json";
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
    location: {
      address: "1 Main Street",
      postalCode: "M1 1AA",
      city: "Manchester",
      countryCode: "GB",
      region: "Greater Manchester",
    },
    profiles: [{ network: "GitHub", username: "wei", url: "https://github.com/wei" }],
  },
  work: [
    {
      name: "Acme",
      location: "London",
      description: "Payments",
      position: "Engineer",
      url: "https://acme.example.com",
      startDate: "2023-01-15",
      summary: "Built things.",
      highlights: ["One", "Two"],
    },
    { name: "Beta", position: "Intern", startDate: "2021-06", endDate: "2021-09" },
  ],
  volunteer: [
    {
      organization: "Code Club",
      position: "Mentor",
      url: "https://codeclub.example.org",
      startDate: "2022",
      endDate: "2023",
      summary: "Taught.",
      highlights: ["Kids"],
    },
  ],
  education: [
    {
      institution: "Imperial College London",
      url: "https://imperial.ac.uk",
      area: "Computing",
      studyType: "MSc",
      startDate: "2021-09",
      endDate: "2022-09",
      score: "Merit",
      courses: ["Databases"],
    },
  ],
  awards: [{ title: "Best project", date: "2022-09-01", awarder: "Imperial", summary: "For the thesis." }],
  certificates: [
    { name: "AWS Solutions Architect", date: "2023-05", url: "https://aws.example.com/cert", issuer: "Amazon" },
  ],
  publications: [
    {
      name: "On queues",
      publisher: "Blog",
      releaseDate: "2024-02-02",
      url: "https://wei.example.com/queues",
      summary: "About queues.",
    },
  ],
  skills: [{ name: "Backend", level: "Master", keywords: ["Go", "SQL"] }],
  languages: [
    { language: "Mandarin", fluency: "Native speaker" },
    { language: "English", fluency: "Fluent (C1)" },
  ],
  interests: [{ name: "Climbing", keywords: ["Bouldering"] }],
  references: [{ name: "Jane Doe", reference: "A great colleague." }],
  projects: [
    {
      name: "Queue",
      description: "A job queue.",
      highlights: ["Fast"],
      keywords: ["Go"],
      startDate: "2024-01",
      endDate: "2024-03",
      url: "https://github.com/wei/queue",
      roles: ["Author"],
      entity: "Personal",
      type: "application",
    },
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
    const doc = CvDocument.parse({
      ...SAMPLE_CV,
      order: ["education", "work", "custom:x1"],
      hidden: ["interests"],
      settings: { ...SAMPLE_CV.settings, template: "modern", accent: "#aa3300" },
    });
    const read = fromJsonResume(JSON.parse(JSON.stringify(toJsonResume(doc))));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.document).toEqual(doc);
    const empty = fromJsonResume(toJsonResume(emptyDocument("us")));
    expect(empty.ok && empty.document).toEqual(emptyDocument("us"));
  });

  it("names the path of each wrong field", () => {
    const read = fromJsonResume({
      basics: { name: 42 },
      work: [{ name: "A", startDate: "last year" }],
      skills: "many",
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.map((e) => e.path)).toEqual(expect.arrayContaining(["basics.name", "skills"]));
    const dates = fromJsonResume({ work: [{ name: "A", startDate: "last year" }] });
    expect(!dates.ok && dates.errors).toEqual([
      { path: "work.0.start", message: "must be a date as YYYY, YYYY-MM or YYYY-MM-DD" },
    ]);
  });

  it("imports the JSON Resume project's own sample résumé whole, its bare domain read as https://", () => {
    const read = fromJsonResume(JSON_RESUME_SAMPLE);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const { document } = read;
    const sample = JSON_RESUME_SAMPLE;
    expect(document.basics).toMatchObject({
      name: sample.basics.name,
      headline: sample.basics.label,
      url: sample.basics.url,
      profiles: [{ username: "neutralthoughts", url: "" }, { url: sample.basics.profiles[1]!.url }],
    });
    expect(document.summary).toBe(sample.basics.summary);
    for (const section of [
      "work",
      "volunteer",
      "education",
      "awards",
      "publications",
      "skills",
      "languages",
      "interests",
      "projects",
    ] as const)
      expect(document[section]).toHaveLength(sample[section].length);
    expect(document.references.entries).toHaveLength(1);
    expect(document.work[0]).toMatchObject({
      name: "Pied Piper",
      url: sample.work[0]!.url,
      start: "2013-12-01",
      end: "2014-12-01",
      highlights: sample.work[0]!.highlights,
    });
    // The older schema's `gpa` is today's `score`.
    expect(document.education[0]).toMatchObject({
      institution: "University of Oklahoma",
      score: "4.0",
      courses: sample.education[0]!.courses,
    });
    expect(document.publications[0]!.url).toBe("http://en.wikipedia.org/wiki/Silicon_Valley_(TV_series)");
    expect(document.projects[0]).toMatchObject({
      name: "Miss Direction",
      description: sample.projects[0]!.description,
      url: "https://missdirection.example.com",
      roles: ["Team lead", "Designer"],
    });
    expect(read.warnings).toEqual([
      {
        path: "projects.0.url",
        message:
          "The project “Miss Direction”: the link “missdirection.example.com” was read as https://missdirection.example.com",
      },
    ]);
    expect((toJsonResume(document).projects as { url: string }[])[0]!.url).toBe("https://missdirection.example.com");
  });

  it("keeps what is not a link as text in its entry, with a warning each, and refuses nothing", () => {
    const read = fromJsonResume({
      ...RESUME,
      basics: {
        ...RESUME.basics,
        url: "see my LinkedIn",
        image: "me.jpg",
        profiles: [
          { network: "GitHub", username: "", url: "@wei" },
          { network: "LinkedIn", username: "wei", url: "ask me" },
        ],
      },
      work: [{ ...RESUME.work[0], url: "intranet only" }],
      certificates: [{ ...RESUME.certificates[0], url: "Credential ID 12345" }],
      projects: [{ ...RESUME.projects[0], url: "javascript:alert(1)" }],
      publications: [{ ...RESUME.publications[0], url: "www.example.org/queues?x=1" }],
    });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const { document, warnings } = read;
    expect(document.basics).toMatchObject({
      url: "",
      image: "",
      profiles: [
        { network: "GitHub", username: "@wei", url: "" },
        { network: "LinkedIn", username: "wei", url: "" },
      ],
    });
    expect(document.summary).toBe(`${RESUME.basics.summary}\n\nWebsite: see my LinkedIn\n\nLinkedIn: ask me`);
    expect(document.work[0]).toMatchObject({ url: "", summary: "Built things.\n\nintranet only" });
    expect(document.certificates[0]).toMatchObject({ url: "", issuer: "Amazon · Credential ID 12345" });
    expect(document.projects[0]).toMatchObject({ url: "", description: "A job queue.\n\njavascript:alert(1)" });
    expect(document.publications[0]!.url).toBe("https://www.example.org/queues?x=1");
    expect(warnings.map((w) => w.path)).toEqual([
      "basics.url",
      "basics.image",
      "basics.profiles.0.url",
      "basics.profiles.1.url",
      "work.0.url",
      "projects.0.url",
      "certificates.0.url",
      "publications.0.url",
    ]);
    expect(warnings[0]!.message).toBe(
      "Your website: “see my LinkedIn” is not a web address, so it is kept as text in its profile summary",
    );
    expect(warnings[1]!.message).toBe(
      "Your picture: “me.jpg” is not a web address, so it was left out (upload a photo to the CV instead)",
    );
  });

  it("finds CEFR levels in free-text fluency", () => {
    expect(cefrOf("Mother tongue")).toBe("native");
    expect(cefrOf("B2 (upper intermediate)")).toBe("B2");
    expect(cefrOf("Conversational")).toBe("");
  });
});
