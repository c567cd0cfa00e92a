import "~/lib/zod-jitless";
import { z } from "zod";

/**
 * The CV document: one schema for the editor, the API, every template and every export. Stored as
 * typed jsonb (cvs.document), so it carries its own `schemaVersion` and upgrade.ts brings an older
 * document up to this one when it is read.
 */
export const CV_SCHEMA_VERSION = 1;

export const TEMPLATES = ["uk", "us", "europass", "modern"] as const;
export type TemplateId = (typeof TEMPLATES)[number];
/** Each template's name and what it is for, as /choose-template and /my-cvs show them. */
export const TEMPLATE_INFO: Record<TemplateId, { name: string; description: string }> = {
  uk: { name: "UK CV", description: "The British style: no photo, no date of birth, two pages at most, A4." },
  us: { name: "US résumé", description: "One compact page on US Letter paper, as American employers expect." },
  europass: {
    name: "Europass CV",
    description: "The European Union's layout: an optional photo and a grid of your languages by CEFR level.",
  },
  modern: {
    name: "Modern two-column CV",
    description: "Contact details, skills and languages in a coloured side column beside your experience.",
  },
};
export const PAPER_SIZES = ["A4", "Letter"] as const;
export const FONTS = ["sans", "serif"] as const;
/** How month dates are written: "Sep 2024", "September 2024", "09/2024", "2024-09". */
export const DATE_FORMATS = ["MMM YYYY", "MMMM YYYY", "MM/YYYY", "YYYY-MM"] as const;
export const SKILL_LEVELS = ["Beginner", "Intermediate", "Advanced", "Expert"] as const;
/** The Common European Framework's levels, and a first language. */
export const CEFR_LEVELS = ["native", "A1", "A2", "B1", "B2", "C1", "C2"] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];

export const SECTION_KEYS = [
  "summary",
  "work",
  "education",
  "skills",
  "languages",
  "projects",
  "certificates",
  "awards",
  "volunteer",
  "publications",
  "interests",
  "references",
] as const;
export type BuiltInSection = (typeof SECTION_KEYS)[number];
/** A built-in section, or a custom one as `custom:{id}`. */
export type SectionKey = BuiltInSection | `custom:${string}`;

export const SECTION_TITLES: Record<BuiltInSection, string> = {
  summary: "Profile",
  work: "Work experience",
  education: "Education",
  skills: "Skills",
  languages: "Languages",
  projects: "Projects",
  certificates: "Certificates",
  awards: "Awards",
  volunteer: "Volunteering",
  publications: "Publications",
  interests: "Interests",
  references: "References",
};

export const LIMITS = {
  /** A document's JSON, as stored and as the API takes it. */
  documentBytes: 200 * 1024,
  shortText: 200,
  url: 500,
  richText: 5_000,
  items: 50,
  listEntries: 30,
} as const;

const text = (max: number = LIMITS.shortText) =>
  z
    .string({ error: "must be text" })
    .max(max, { error: `must be at most ${max.toLocaleString("en-GB")} characters` })
    .default("");

/** Bold (**), italic (*), lists ("- ") and links ([text](https://…)); see rich-text.ts. */
const richText = () => text(LIMITS.richText);

const Url = z
  .string({ error: "must be text" })
  .max(LIMITS.url, { error: `must be at most ${LIMITS.url} characters` })
  .refine((v) => v === "" || /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(v), {
    error: "must be a web address starting with https:// (or empty)",
  })
  .default("");

/** A calendar date as precise as the writer knew it: "2024", "2024-09" or "2024-09-15" (JSON Resume's dates). */
export const PartialDate = z
  .string({ error: "must be a date" })
  .refine((v) => v === "" || /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/.test(v), {
    error: "must be a date as YYYY, YYYY-MM or YYYY-MM-DD",
  })
  .default("");

/** The end of something still going on. */
export const PRESENT = "present";
const EndDate = z
  .string({ error: "must be a date" })
  .refine((v) => v === PRESENT || PartialDate.safeParse(v).success, {
    error: 'must be a date as YYYY-MM, or "present"',
  })
  .default("");

const list = <T extends z.ZodType>(item: T, max: number = LIMITS.items) =>
  z
    .array(item, { error: "must be a list" })
    .max(max, { error: `must hold at most ${max} entries` })
    .default([]);
const entries = (max: number = LIMITS.listEntries) => list(text(), max);

/** An item's id: stable across edits, so the editor can move and undo it. */
const ItemId = z
  .string({ error: "must be text" })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "must be 1 to 40 letters, digits, - or _" });

const dated = { start: PartialDate, end: EndDate };

export const Profile = z.object({ id: ItemId, network: text(), username: text(), url: Url });
export const Basics = z.object({
  name: text(),
  headline: text(),
  email: z
    .string({ error: "must be text" })
    .max(LIMITS.shortText)
    .refine((v) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: "must be an email address (or empty)" })
    .default(""),
  /** E.164 when it comes from the phone input; an imported one is kept as written. */
  phone: text(40),
  url: Url,
  /** An imported picture's address, kept for the export; the templates show only an uploaded photo. */
  image: Url,
  location: z
    .object({ address: text(), postalCode: text(40), city: text(), region: text(), countryCode: text(2) })
    .default({ address: "", postalCode: "", city: "", region: "", countryCode: "" }),
  profiles: list(Profile, 10),
});

export const Work = z.object({
  id: ItemId,
  name: text(),
  position: text(),
  location: text(),
  url: Url,
  ...dated,
  description: text(),
  summary: richText(),
  highlights: entries(),
});
export const Education = z.object({
  id: ItemId,
  institution: text(),
  area: text(),
  studyType: text(),
  location: text(),
  url: Url,
  ...dated,
  score: text(),
  courses: entries(),
  summary: richText(),
});
export const Skill = z.object({ id: ItemId, name: text(), level: text(40), keywords: entries() });
export const Language = z.object({
  id: ItemId,
  language: text(),
  /** As the writer puts it ("Native speaker", "Fluent"); JSON Resume's `fluency`. */
  fluency: text(),
  /** The level the Europass grid and the level labels show. */
  cefr: z.enum(["", ...CEFR_LEVELS], { error: "must be native, A1, A2, B1, B2, C1, C2 or empty" }).default(""),
});
export const Project = z.object({
  id: ItemId,
  name: text(),
  description: richText(),
  highlights: entries(),
  keywords: entries(),
  roles: entries(),
  entity: text(),
  type: text(),
  url: Url,
  ...dated,
});
export const Certificate = z.object({ id: ItemId, name: text(), issuer: text(), date: PartialDate, url: Url });
export const Award = z.object({ id: ItemId, title: text(), awarder: text(), date: PartialDate, summary: richText() });
export const Volunteer = z.object({
  id: ItemId,
  organization: text(),
  position: text(),
  url: Url,
  ...dated,
  summary: richText(),
  highlights: entries(),
});
export const Publication = z.object({
  id: ItemId,
  name: text(),
  publisher: text(),
  releaseDate: PartialDate,
  url: Url,
  summary: richText(),
});
export const Interest = z.object({ id: ItemId, name: text(), keywords: entries() });
export const Reference = z.object({ id: ItemId, name: text(), reference: richText() });
export const References = z
  .object({
    /** "References available on request", or the entries themselves. */
    mode: z.enum(["on-request", "entries"], { error: "must be on-request or entries" }).default("on-request"),
    entries: list(Reference, 10),
  })
  .default({ mode: "on-request", entries: [] });
export const CustomItem = z.object({
  id: ItemId,
  title: text(),
  subtitle: text(),
  url: Url,
  ...dated,
  summary: richText(),
});
export const CustomSection = z.object({
  id: ItemId,
  title: text().refine((t) => t.trim() !== "", { error: "needs a title" }),
  items: list(CustomItem),
});

const SectionKeySchema = z
  .string()
  .refine((k) => (SECTION_KEYS as readonly string[]).includes(k) || /^custom:[A-Za-z0-9_-]{1,40}$/.test(k), {
    error: "must be a section of the CV",
  });

export const Settings = z.object({
  template: z.enum(TEMPLATES, { error: `must be one of ${TEMPLATES.join(", ")}` }).default("uk"),
  paper: z.enum(PAPER_SIZES, { error: "must be A4 or Letter" }).default("A4"),
  accent: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: "must be a colour as #RRGGBB" })
    .default("#1d4ed8"),
  font: z.enum(FONTS, { error: "must be sans or serif" }).default("sans"),
  dateFormat: z.enum(DATE_FORMATS, { error: `must be one of ${DATE_FORMATS.join(", ")}` }).default("MMM YYYY"),
  /** Headings the writer renamed, by section (in English: the templates' own headings are). */
  titles: z.record(SectionKeySchema, text(60)).default({}),
});

export const CvDocument = z
  .object({
    schemaVersion: z.literal(CV_SCHEMA_VERSION, { error: `must be ${CV_SCHEMA_VERSION}` }),
    basics: Basics.default(Basics.parse({})),
    summary: richText(),
    work: list(Work),
    education: list(Education),
    skills: list(Skill),
    languages: list(Language),
    projects: list(Project),
    certificates: list(Certificate),
    awards: list(Award),
    volunteer: list(Volunteer),
    publications: list(Publication),
    interests: list(Interest),
    references: References,
    custom: list(CustomSection, 10),
    /** The order of the sections on the page; a section missing from it follows in the default order. */
    order: list(SectionKeySchema, 40),
    hidden: list(SectionKeySchema, 40),
    settings: Settings.default(Settings.parse({})),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set(doc.custom.map((c) => c.id));
    doc.order.forEach((key, i) => {
      if (key.startsWith("custom:") && !ids.has(key.slice(7)))
        ctx.addIssue({ code: "custom", path: ["order", i], message: "names a custom section the CV does not have" });
    });
  });

export type CvDocument = z.output<typeof CvDocument>;
export type CvBasics = CvDocument["basics"];
export type CvWork = CvDocument["work"][number];
export type CvEducation = CvDocument["education"][number];
export type CvLanguage = CvDocument["languages"][number];
export type CvSettings = CvDocument["settings"];
export type CvCustomSection = CvDocument["custom"][number];

/** An empty document for a template, with that template's paper (a US résumé is on Letter). */
export function emptyDocument(template: TemplateId = "uk"): CvDocument {
  return CvDocument.parse({
    schemaVersion: CV_SCHEMA_VERSION,
    settings: { template, paper: template === "us" ? "Letter" : "A4" },
  });
}

/** Every section in the order it appears: the document's order, then any section it leaves out, in the default order. */
export function sectionOrder(doc: Pick<CvDocument, "order" | "custom">): SectionKey[] {
  const all: SectionKey[] = [...SECTION_KEYS, ...doc.custom.map((c) => `custom:${c.id}` as const)];
  const seen = new Set<SectionKey>();
  const ordered: SectionKey[] = [];
  for (const key of [...(doc.order as SectionKey[]), ...all]) {
    if (all.includes(key) && !seen.has(key)) {
      seen.add(key);
      ordered.push(key);
    }
  }
  return ordered;
}

/** A section's heading: the writer's own, or the template's default. */
export function sectionTitle(doc: Pick<CvDocument, "custom" | "settings">, key: SectionKey): string {
  const own = doc.settings.titles[key]?.trim();
  if (own) return own;
  if (key.startsWith("custom:")) return doc.custom.find((c) => `custom:${c.id}` === key)?.title ?? "";
  return SECTION_TITLES[key as BuiltInSection];
}

/** Whether a section has anything to print (references print their "available on request" line). */
export function sectionHasContent(doc: CvDocument, key: SectionKey): boolean {
  if (key === "summary") return doc.summary.trim() !== "";
  if (key === "references") return doc.references.mode === "on-request" || doc.references.entries.length > 0;
  if (key.startsWith("custom:")) return (doc.custom.find((c) => `custom:${c.id}` === key)?.items.length ?? 0) > 0;
  return (doc[key as Exclude<BuiltInSection, "summary" | "references">] as unknown[]).length > 0;
}

/** The sections a template prints, in order: shown, and with content. */
export function printedSections(doc: CvDocument): SectionKey[] {
  return sectionOrder(doc).filter((key) => !doc.hidden.includes(key) && sectionHasContent(doc, key));
}
