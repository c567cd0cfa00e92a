import { type CvDocument, type SectionKey, printedSections, sectionTitle } from "../document";
import { parseRichText, runsText } from "../rich-text";

/**
 * One value the CV prints, as a reader would look for it on the page. `essential` values are the
 * words an employer's system searches (titles, employers, skills, what was done); the others are
 * details a template may show another way (a level as dots, a link as its label), so losing one is
 * worth a warning, not a failure.
 */
export type PrintedField = {
  section: SectionKey | "basics";
  /** What the value is, for a student: "job title", "highlight". */
  label: string;
  value: string;
  essential: boolean;
  /** The item of the section it belongs to. */
  entry?: number;
  /** A web address, found by its address without "https://" or "www.". */
  url?: boolean;
  /** Another way a template may print it (a profile's username instead of its address). */
  also?: string[];
};

/** A web address as a page prints it: "github.com/amara-o". */
export function urlText(url: string): string {
  return url
    .trim()
    .replace(/^mailto:/i, "")
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/$/, "");
}

/** Each paragraph and each list item of rich text, as plain words. */
export function richTextLines(source: string): string[] {
  return parseRichText(source)
    .flatMap((block) => (block.kind === "paragraph" ? [runsText(block.runs)] : block.items.map(runsText)))
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Every value the document prints, section by section in the printed order and, within an item, in
 * the order a single-column layout reads it. Dates are left out (the date check reads them), and so
 * are the contact details (the contact check reads them).
 */
export function printedFields(doc: CvDocument): PrintedField[] {
  const fields: PrintedField[] = [];
  const add = (
    section: PrintedField["section"],
    label: string,
    value: string,
    essential: boolean,
    entry?: number,
    url = false,
  ) => {
    const text = url ? urlText(value) : value.trim();
    if (text)
      fields.push({
        section,
        label,
        value: text,
        essential,
        ...(entry !== undefined && { entry }),
        ...(url && { url }),
      });
  };
  const rich = (section: SectionKey, label: string, source: string, entry?: number) => {
    for (const line of richTextLines(source)) add(section, label, line, true, entry);
  };

  const { basics } = doc;
  add("basics", "headline", basics.headline, true);
  add("basics", "town or city", basics.location.city, false);
  add("basics", "website", basics.url, false, undefined, true);
  basics.profiles.forEach((p, i) => {
    add("basics", `${p.network || "profile"} link`, p.url || p.username, false, i, !!p.url);
    const last = fields.at(-1);
    if (last && p.url && p.username) last.also = [p.username];
  });

  for (const key of printedSections(doc)) {
    switch (key) {
      case "summary":
        rich(key, "profile", doc.summary);
        break;
      case "work":
        doc.work.forEach((w, i) => {
          add(key, "job title", w.position, true, i);
          add(key, "employer", w.name, true, i);
          add(key, "place of work", w.location, false, i);
          add(key, "employer's website", w.url, false, i, true);
          add(key, "about the employer", w.description, false, i);
          rich(key, "what the job was", w.summary, i);
          w.highlights.forEach((h) => add(key, "achievement", h, true, i));
        });
        break;
      case "education":
        doc.education.forEach((e, i) => {
          add(key, "qualification", e.studyType, true, i);
          add(key, "subject", e.area, true, i);
          add(key, "institution", e.institution, true, i);
          add(key, "place of study", e.location, false, i);
          add(key, "grade", e.score, false, i);
          e.courses.forEach((c) => add(key, "course", c, false, i));
          add(key, "institution's website", e.url, false, i, true);
          rich(key, "what you studied", e.summary, i);
        });
        break;
      case "skills":
        doc.skills.forEach((s, i) => {
          add(key, "skill", s.name, true, i);
          add(key, "skill level", s.level, false, i);
          s.keywords.forEach((k) => add(key, "skill", k, true, i));
        });
        break;
      case "languages":
        doc.languages.forEach((l, i) => {
          add(key, "language", l.language, true, i);
          add(key, "how well you speak it", l.fluency, false, i);
          // A template may show the level instead (Europass: "Mother tongue", the CEFR grid).
          const level = l.cefr === "native" ? ["native", "mother tongue"] : l.cefr ? [l.cefr] : [];
          const last = fields.at(-1);
          if (level.length && last?.label === "how well you speak it" && last.entry === i) last.also = level;
        });
        break;
      case "projects":
        doc.projects.forEach((p, i) => {
          add(key, "project", p.name, true, i);
          add(key, "project's organisation", p.entity, false, i);
          add(key, "kind of project", p.type, false, i);
          p.roles.forEach((r) => add(key, "your role", r, false, i));
          rich(key, "what the project was", p.description, i);
          p.highlights.forEach((h) => add(key, "achievement", h, true, i));
          p.keywords.forEach((k) => add(key, "tool or skill", k, false, i));
          add(key, "project's website", p.url, false, i, true);
        });
        break;
      case "certificates":
        doc.certificates.forEach((c, i) => {
          add(key, "certificate", c.name, true, i);
          add(key, "issuer", c.issuer, false, i);
          add(key, "certificate's website", c.url, false, i, true);
        });
        break;
      case "awards":
        doc.awards.forEach((a, i) => {
          add(key, "award", a.title, true, i);
          add(key, "awarded by", a.awarder, false, i);
          rich(key, "what the award was for", a.summary, i);
        });
        break;
      case "volunteer":
        doc.volunteer.forEach((v, i) => {
          add(key, "volunteering role", v.position, true, i);
          add(key, "organisation", v.organization, true, i);
          add(key, "organisation's website", v.url, false, i, true);
          rich(key, "what you did", v.summary, i);
          v.highlights.forEach((h) => add(key, "achievement", h, true, i));
        });
        break;
      case "publications":
        doc.publications.forEach((p, i) => {
          add(key, "publication", p.name, true, i);
          add(key, "publisher", p.publisher, false, i);
          add(key, "publication's website", p.url, false, i, true);
          rich(key, "what it is about", p.summary, i);
        });
        break;
      case "interests":
        doc.interests.forEach((it, i) => {
          add(key, "interest", it.name, true, i);
          it.keywords.forEach((k) => add(key, "interest", k, false, i));
        });
        break;
      case "references":
        if (doc.references.mode === "entries") {
          doc.references.entries.forEach((r, i) => {
            add(key, "referee", r.name, true, i);
            rich(key, "how to reach the referee", r.reference, i);
          });
        }
        break;
      default: {
        const section = doc.custom.find((c) => `custom:${c.id}` === key);
        section?.items.forEach((item, i) => {
          add(key, sectionTitle(doc, key).toLowerCase() || "entry", item.title, true, i);
          add(key, "detail", item.subtitle, false, i);
          add(key, "website", item.url, false, i, true);
          rich(key, "description", item.summary, i);
        });
      }
    }
  }
  return fields;
}
