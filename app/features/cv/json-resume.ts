import "~/lib/zod-jitless";
import { z } from "zod";
import { CEFR_LEVELS, CV_SCHEMA_VERSION, type CefrLevel, CvDocument, LIMITS, PRESENT } from "./document";
import { type PathError, pathErrors } from "./errors";

/**
 * JSON Resume 1.0 (https://jsonresume.org/schema) both ways. Everything both hold maps across: a
 * JSON Resume document read in and written out is the same document. What only this project holds
 * (settings, section order and visibility, custom sections, CEFR levels, "references on request")
 * travels in `meta.careerPlatform`, so an export imported again is the CV it came from.
 * JSON Resume's convention that an entry without an end date is still going on is ours too: the end
 * "present" is written as no `endDate`. A link is read as a person means it (`links` below): what is
 * not one never refuses the document.
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
  work: items({
    name: str,
    location: str,
    description: str,
    position: str,
    url: str,
    ...dated,
    summary: str,
    highlights: strings,
  }),
  volunteer: items({ organization: str, position: str, url: str, ...dated, summary: str, highlights: strings }),
  // `gpa` is the older schema's name for `score`, which the project's own sample still uses.
  education: items({
    institution: str,
    url: str,
    area: str,
    studyType: str,
    ...dated,
    score: str,
    gpa: str,
    courses: strings,
    location: str,
    summary: str,
  }),
  awards: items({ title: str, date: str, awarder: str, summary: str }),
  certificates: items({ name: str, date: str, url: str, issuer: str }),
  publications: items({ name: str, publisher: str, releaseDate: str, url: str, summary: str }),
  skills: items({ name: str, level: str, keywords: strings }),
  languages: items({ language: str, fluency: str }),
  interests: items({ name: str, keywords: strings }),
  references: items({ name: str, reference: str }),
  projects: items({
    name: str,
    description: str,
    highlights: strings,
    keywords: strings,
    ...dated,
    url: str,
    roles: strings,
    entity: str,
    type: str,
  }),
  meta: obj({ careerPlatform: Extension }).optional(),
});
export type JsonResume = z.output<typeof JsonResume>;

/** Whether a body looks like a JSON Resume document rather than this project's own. */
export const isJsonResume = (body: unknown) =>
  !!body &&
  typeof body === "object" &&
  !("schemaVersion" in body) &&
  ["basics", "work", "education", "skills"].some((k) => k in body);

const end = (entry: { startDate?: string; endDate?: string }) => entry.endDate ?? (entry.startDate ? PRESENT : "");
const ids = <T>(list: T[] | undefined, prefix: string) =>
  (list ?? []).map((item, i) => ({ id: `${prefix}${i + 1}`, ...item }));

/** The CEFR level a fluency names ("C1", "Native speaker"), if it names one. */
export function cefrOf(fluency: string | undefined): CefrLevel | "" {
  if (!fluency) return "";
  if (/\b(native|mother tongue|first language)\b/i.test(fluency)) return "native";
  const level = /\b([ABC][12])\b/.exec(fluency)?.[1];
  return (level as CefrLevel | undefined) ?? "";
}

/** A web address as the CV keeps one (the document's `Url`). */
const WEB_ADDRESS = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
/**
 * A domain written without its scheme ("missdirection.example.com", "www.example.org/me"): a person
 * means a web page there. Not a file's name ("me.jpg"), whose ending is no top-level domain.
 */
const BARE_DOMAIN =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?!(?:jpe?g|png|gif|webp|svg|pdf|docx?|json|txt)(?:[:/?#]|$))[a-z]{2,}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/**
 * How an import reads the link fields, with a warning for each it changed: a web address is kept, a
 * bare domain becomes https://, and anything else is kept as text in its entry (`into`), never refused.
 */
function links(warnings: PathError[]) {
  return {
    /** The link of `path`, and the words to keep as text when it is not one. */
    read(value: string | undefined, path: string, what: string): { url: string; text: string } {
      const v = (value ?? "").trim();
      if (v === "" || (WEB_ADDRESS.test(v) && v.length <= LIMITS.url)) return { url: v, text: "" };
      if (BARE_DOMAIN.test(v) && v.length + 8 <= LIMITS.url) {
        warnings.push({ path, message: `${what}: the link “${v}” was read as https://${v}` });
        return { url: `https://${v}`, text: "" };
      }
      return { url: "", text: v };
    },
    /**
     * `field` with `text` (after `label`) at its end, a paragraph of its own in rich text and after a
     * middle dot in a one-line field (`short`), when there is room; a warning says where it went.
     */
    into(
      field: string | undefined,
      text: string,
      path: string,
      what: string,
      where: string,
      { short = false, label = "" } = {},
    ): string {
      const kept = field ?? "";
      if (!text) return kept;
      const line = label ? `${label}: ${text}` : text;
      const added = kept ? `${kept}${short ? " · " : "\n\n"}${line}` : line;
      const limit = short ? LIMITS.shortText : LIMITS.richText;
      if (added.length > limit) {
        warnings.push({
          path,
          message: `${what}: “${text.slice(0, 80)}” is not a web address, and was left out (its ${where} is full)`,
        });
        return kept;
      }
      warnings.push({
        path,
        message: `${what}: “${text.slice(0, 80)}” is not a web address, so it is kept as text in its ${where}`,
      });
      return added;
    },
  };
}

export type Imported = { ok: true; document: CvDocument; warnings: PathError[] } | { ok: false; errors: PathError[] };

/**
 * A JSON Resume document as a CV document, with a warning for each link it read otherwise than
 * written; or the path and reason of each field that is wrong.
 */
export function fromJsonResume(input: unknown): Imported {
  const parsed = JsonResume.safeParse(input);
  if (!parsed.success) return { ok: false, errors: pathErrors(parsed.error) };
  const r = parsed.data;
  const ext = r.meta?.careerPlatform;
  const b = r.basics ?? {};
  const warnings: PathError[] = [];
  const link = links(warnings);
  let summary = b.summary;
  const website = link.read(b.url, "basics.url", "Your website");
  summary = link.into(summary, website.text, "basics.url", "Your website", "profile summary", { label: "Website" });
  const image = link.read(b.image, "basics.image", "Your picture");
  // A picture's address is no use as words: it is dropped, and an uploaded photo is what the templates show anyway.
  if (image.text)
    warnings.push({
      path: "basics.image",
      message: `Your picture: “${image.text.slice(0, 80)}” is not a web address, so it was left out (upload a photo to the CV instead)`,
    });
  const profiles = ids(b.profiles, "p").map((p, i) => {
    const what = `Your ${p.network || "profile"} profile`;
    const read = link.read(p.url, `basics.profiles.${i}.url`, what);
    // Words where the address should be are most often the name on the network.
    if (read.text && !p.username)
      return {
        id: p.id,
        network: p.network,
        username: link.into("", read.text, `basics.profiles.${i}.url`, what, "user name", { short: true }),
        url: "",
      };
    summary = link.into(summary, read.text, `basics.profiles.${i}.url`, what, "profile summary", {
      label: p.network || "Profile",
    });
    return { id: p.id, network: p.network, username: p.username, url: read.url };
  });
  const languages = ids(r.languages, "l").map((l, i) => {
    const kept = ext?.cefr?.[i];
    return {
      id: l.id,
      language: l.language,
      fluency: l.fluency,
      cefr: kept !== undefined && (kept === "" || CEFR_LEVELS.includes(kept as CefrLevel)) ? kept : cefrOf(l.fluency),
    };
  });
  const candidate = {
    schemaVersion: CV_SCHEMA_VERSION,
    basics: {
      name: b.name,
      headline: b.label,
      email: b.email,
      phone: b.phone,
      url: website.url,
      image: image.url,
      location: b.location && {
        address: b.location.address,
        postalCode: b.location.postalCode,
        city: b.location.city,
        region: b.location.region,
        countryCode: b.location.countryCode,
      },
      profiles,
    },
    summary,
    work: ids(r.work, "w").map((w, i) => {
      const [path, what] = [`work.${i}.url`, `The job at ${w.name ? `“${w.name}”` : "an employer"}`];
      const read = link.read(w.url, path, what);
      return {
        id: w.id,
        name: w.name,
        position: w.position,
        location: w.location,
        url: read.url,
        start: w.startDate,
        end: end(w),
        description: w.description,
        summary: link.into(w.summary, read.text, path, what, "summary"),
        highlights: w.highlights,
      };
    }),
    education: ids(r.education, "e").map((e, i) => {
      const [path, what] = [
        `education.${i}.url`,
        `Your studies at ${e.institution ? `“${e.institution}”` : "a school"}`,
      ];
      const read = link.read(e.url, path, what);
      return {
        id: e.id,
        institution: e.institution,
        area: e.area,
        studyType: e.studyType,
        location: e.location,
        url: read.url,
        start: e.startDate,
        end: end(e),
        score: e.score ?? e.gpa,
        courses: e.courses,
        summary: link.into(e.summary, read.text, path, what, "summary"),
      };
    }),
    skills: ids(r.skills, "s").map((s) => ({ id: s.id, name: s.name, level: s.level, keywords: s.keywords })),
    languages,
    projects: ids(r.projects, "pr").map((p, i) => {
      const [path, what] = [`projects.${i}.url`, `The project ${p.name ? `“${p.name}”` : "without a name"}`];
      const read = link.read(p.url, path, what);
      return {
        id: p.id,
        name: p.name,
        description: link.into(p.description, read.text, path, what, "description"),
        highlights: p.highlights,
        keywords: p.keywords,
        roles: p.roles,
        entity: p.entity,
        type: p.type,
        url: read.url,
        start: p.startDate,
        end: end(p),
      };
    }),
    certificates: ids(r.certificates, "c").map((c, i) => {
      const [path, what] = [`certificates.${i}.url`, `The certificate ${c.name ? `“${c.name}”` : "without a name"}`];
      const read = link.read(c.url, path, what);
      // A certificate has no text of its own but its issuer: a credential's number there reads naturally.
      return {
        id: c.id,
        name: c.name,
        issuer: link.into(c.issuer, read.text, path, what, "issuer", { short: true }),
        date: c.date,
        url: read.url,
      };
    }),
    awards: ids(r.awards, "a").map((a) => ({
      id: a.id,
      title: a.title,
      awarder: a.awarder,
      date: a.date,
      summary: a.summary,
    })),
    volunteer: ids(r.volunteer, "v").map((v, i) => {
      const [path, what] = [
        `volunteer.${i}.url`,
        `Your volunteering at ${v.organization ? `“${v.organization}”` : "an organisation"}`,
      ];
      const read = link.read(v.url, path, what);
      return {
        id: v.id,
        organization: v.organization,
        position: v.position,
        url: read.url,
        start: v.startDate,
        end: end(v),
        summary: link.into(v.summary, read.text, path, what, "summary"),
        highlights: v.highlights,
      };
    }),
    publications: ids(r.publications, "pu").map((p, i) => {
      const [path, what] = [`publications.${i}.url`, `The publication ${p.name ? `“${p.name}”` : "without a title"}`];
      const read = link.read(p.url, path, what);
      return {
        id: p.id,
        name: p.name,
        publisher: p.publisher,
        releaseDate: p.releaseDate,
        url: read.url,
        summary: link.into(p.summary, read.text, path, what, "summary"),
      };
    }),
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
  return { ok: true, document: doc.data, warnings };
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
    publications: doc.publications.map(({ name, publisher, releaseDate, url, summary }) => ({
      name,
      publisher,
      releaseDate,
      url,
      summary,
    })),
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
