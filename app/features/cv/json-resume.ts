import "~/lib/zod-jitless";
import { z } from "zod";
import { CEFR_LEVELS, CV_SCHEMA_VERSION, type CefrLevel, CvDocument, PRESENT } from "./document";
import { type PathError, pathErrors } from "./errors";

/**
 * JSON Resume 1.0 (https://jsonresume.org/schema) both ways. Everything both hold maps across: a
 * JSON Resume document read in and written out is the same document. What only this project holds
 * (settings, section order and visibility, custom sections, CEFR levels, "references on request")
 * travels in `meta.careerPlatform`, so an export imported again is the CV it came from.
 * JSON Resume's convention that an entry without an end date is still going on is ours too: the end
 * "present" is written as no `endDate`.
 */

const str = z.string({ error: "must be text" }).optional();
const strings = z.array(z.string({ error: "must be text" }), { error: "must be a list of text" }).optional();
const obj = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const items = <T extends z.ZodRawShape>(shape: T) => z.array(obj(shape), { error: "must be a list" }).optional();
const dated = { startDate: str, endDate: str };

const Extension = z
  .looseObject({
    schemaVersion: z.number().optional(),
    settings: z.unknown().optional(),
    order: z.unknown().optional(),
    hidden: z.unknown().optional(),
    custom: z.unknown().optional(),
    referencesOnRequest: z.boolean().optional(),
    cefr: z.array(z.string()).optional(),
  })
  .optional();

export const JsonResume = obj({
  basics: obj({
    name: str,
    label: str,
    image: str,
    email: str,
    phone: str,
    url: str,
    summary: str,
    location: obj({ address: str, postalCode: str, city: str, countryCode: str, region: str }).optional(),
    profiles: items({ network: str, username: str, url: str }),
  }).optional(),
  work: items({ name: str, location: str, description: str, position: str, url: str, ...dated, summary: str, highlights: strings }),
  volunteer: items({ organization: str, position: str, url: str, ...dated, summary: str, highlights: strings }),
  education: items({ institution: str, url: str, area: str, studyType: str, ...dated, score: str, courses: strings, location: str, summary: str }),
  awards: items({ title: str, date: str, awarder: str, summary: str }),
  certificates: items({ name: str, date: str, url: str, issuer: str }),
  publications: items({ name: str, publisher: str, releaseDate: str, url: str, summary: str }),
  skills: items({ name: str, level: str, keywords: strings }),
  languages: items({ language: str, fluency: str }),
  interests: items({ name: str, keywords: strings }),
  references: items({ name: str, reference: str }),
  projects: items({ name: str, description: str, highlights: strings, keywords: strings, ...dated, url: str, roles: strings, entity: str, type: str }),
  meta: obj({ careerPlatform: Extension }).optional(),
});
export type JsonResume = z.output<typeof JsonResume>;

/** Whether a body looks like a JSON Resume document rather than this project's own. */
export const isJsonResume = (body: unknown) =>
  !!body && typeof body === "object" && !("schemaVersion" in body) && ["basics", "work", "education", "skills"].some((k) => k in body);

const end = (entry: { startDate?: string; endDate?: string }) => entry.endDate ?? (entry.startDate ? PRESENT : "");
const ids = <T>(list: T[] | undefined, prefix: string) => (list ?? []).map((item, i) => ({ id: `${prefix}${i + 1}`, ...item }));

/** The CEFR level a fluency names ("C1", "Native speaker"), if it names one. */
export function cefrOf(fluency: string | undefined): CefrLevel | "" {
  if (!fluency) return "";
  if (/\b(native|mother tongue|first language)\b/i.test(fluency)) return "native";
  const level = /\b([ABC][12])\b/.exec(fluency)?.[1];
  return (level as CefrLevel | undefined) ?? "";
}

/** A JSON Resume document as a CV document, or the path and reason of each field that is wrong. */
export function fromJsonResume(input: unknown): { ok: true; document: CvDocument } | { ok: false; errors: PathError[] } {
  const parsed = JsonResume.safeParse(input);
  if (!parsed.success) return { ok: false, errors: pathErrors(parsed.error) };
  const r = parsed.data;
  const ext = r.meta?.careerPlatform;
  const b = r.basics ?? {};
  const languages = ids(r.languages, "l").map((l, i) => {
    const kept = ext?.cefr?.[i];
    return { id: l.id, language: l.language, fluency: l.fluency, cefr: kept !== undefined && (kept === "" || CEFR_LEVELS.includes(kept as CefrLevel)) ? kept : cefrOf(l.fluency) };
  });
  const candidate = {
    schemaVersion: CV_SCHEMA_VERSION,
    basics: {
      name: b.name,
      headline: b.label,
      email: b.email,
      phone: b.phone,
      url: b.url,
      image: b.image,
      location: b.location && { address: b.location.address, postalCode: b.location.postalCode, city: b.location.city, region: b.location.region, countryCode: b.location.countryCode },
      profiles: ids(b.profiles, "p").map((p) => ({ id: p.id, network: p.network, username: p.username, url: p.url })),
    },
    summary: b.summary,
    work: ids(r.work, "w").map((w) => ({ id: w.id, name: w.name, position: w.position, location: w.location, url: w.url, start: w.startDate, end: end(w), description: w.description, summary: w.summary, highlights: w.highlights })),
    education: ids(r.education, "e").map((e) => ({
      id: e.id,
      institution: e.institution,
      area: e.area,
      studyType: e.studyType,
      location: e.location,
      url: e.url,
      start: e.startDate,
      end: end(e),
      score: e.score,
      courses: e.courses,
      summary: e.summary,
    })),
    skills: ids(r.skills, "s").map((s) => ({ id: s.id, name: s.name, level: s.level, keywords: s.keywords })),
    languages,
    projects: ids(r.projects, "pr").map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      highlights: p.highlights,
      keywords: p.keywords,
      roles: p.roles,
      entity: p.entity,
      type: p.type,
      url: p.url,
      start: p.startDate,
      end: end(p),
    })),
    certificates: ids(r.certificates, "c").map((c) => ({ id: c.id, name: c.name, issuer: c.issuer, date: c.date, url: c.url })),
    awards: ids(r.awards, "a").map((a) => ({ id: a.id, title: a.title, awarder: a.awarder, date: a.date, summary: a.summary })),
    volunteer: ids(r.volunteer, "v").map((v) => ({ id: v.id, organization: v.organization, position: v.position, url: v.url, start: v.startDate, end: end(v), summary: v.summary, highlights: v.highlights })),
    publications: ids(r.publications, "pu").map((p) => ({ id: p.id, name: p.name, publisher: p.publisher, releaseDate: p.releaseDate, url: p.url, summary: p.summary })),
    interests: ids(r.interests, "i").map((i) => ({ id: i.id, name: i.name, keywords: i.keywords })),
    references: {
      mode: r.references?.length && !ext?.referencesOnRequest ? "entries" : "on-request",
      entries: ids(r.references, "r").map((x) => ({ id: x.id, name: x.name, reference: x.reference })),
    },
    custom: ext?.custom ?? [],
    order: ext?.order ?? [],
    hidden: ext?.hidden ?? [],
    settings: ext?.settings ?? {},
  };
  const doc = CvDocument.safeParse(candidate);
  if (!doc.success) return { ok: false, errors: pathErrors(doc.error) };
  return { ok: true, document: doc.data };
}

/** Drops empty strings, empty lists and empty objects, as a hand-written JSON Resume would leave them out. */
function compact<T>(value: T): T | undefined {
  if (typeof value === "string") return (value === "" ? undefined : value) as T | undefined;
  if (Array.isArray(value)) {
    const kept = value.map(compact).filter((v) => v !== undefined);
    return (kept.length ? kept : undefined) as T | undefined;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, compact(v)] as const)
      .filter(([, v]) => v !== undefined);
    return (entries.length ? Object.fromEntries(entries) : undefined) as T | undefined;
  }
  return value;
}

const endDate = (end: string) => (end === PRESENT ? "" : end);

/** A CV document as JSON Resume 1.0, with what JSON Resume has no place for in `meta.careerPlatform`. */
export function toJsonResume(doc: CvDocument): Record<string, unknown> {
  const b = doc.basics;
  const resume = {
    basics: {
      name: b.name,
      label: b.headline,
      image: b.image,
      email: b.email,
      phone: b.phone,
      url: b.url,
      summary: doc.summary,
      location: b.location,
      profiles: b.profiles.map(({ network, username, url }) => ({ network, username, url })),
    },
    work: doc.work.map((w) => ({
      name: w.name,
      location: w.location,
      description: w.description,
      position: w.position,
      url: w.url,
      startDate: w.start,
      endDate: endDate(w.end),
      summary: w.summary,
      highlights: w.highlights,
    })),
    volunteer: doc.volunteer.map((v) => ({
      organization: v.organization,
      position: v.position,
      url: v.url,
      startDate: v.start,
      endDate: endDate(v.end),
      summary: v.summary,
      highlights: v.highlights,
    })),
    education: doc.education.map((e) => ({
      institution: e.institution,
      url: e.url,
      area: e.area,
      studyType: e.studyType,
      startDate: e.start,
      endDate: endDate(e.end),
      score: e.score,
      courses: e.courses,
      location: e.location,
      summary: e.summary,
    })),
    awards: doc.awards.map(({ title, date, awarder, summary }) => ({ title, date, awarder, summary })),
    certificates: doc.certificates.map(({ name, date, url, issuer }) => ({ name, date, url, issuer })),
    publications: doc.publications.map(({ name, publisher, releaseDate, url, summary }) => ({ name, publisher, releaseDate, url, summary })),
    skills: doc.skills.map(({ name, level, keywords }) => ({ name, level, keywords })),
    languages: doc.languages.map(({ language, fluency }) => ({ language, fluency })),
    interests: doc.interests.map(({ name, keywords }) => ({ name, keywords })),
    references: doc.references.entries.map(({ name, reference }) => ({ name, reference })),
    projects: doc.projects.map((p) => ({
      name: p.name,
      description: p.description,
      highlights: p.highlights,
      keywords: p.keywords,
      startDate: p.start,
      endDate: endDate(p.end),
      url: p.url,
      roles: p.roles,
      entity: p.entity,
      type: p.type,
    })),
  };
  return {
    $schema: "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json",
    ...compact(resume),
    meta: {
      version: "v1.0.0",
      careerPlatform: {
        schemaVersion: doc.schemaVersion,
        settings: doc.settings,
        order: doc.order,
        hidden: doc.hidden,
        custom: doc.custom,
        referencesOnRequest: doc.references.mode === "on-request",
        cefr: doc.languages.map((l) => l.cefr),
      },
    },
  };
}
