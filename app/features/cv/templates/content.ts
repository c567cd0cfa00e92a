import { type CvDocument, type SectionKey } from "../document";
import { formatDate, formatRange } from "../dates";
import { cefrLabel } from "./format";

/** A piece of an entry's line, linked when the document gave an address. */
export type Part = { text: string; href?: string };

/**
 * One item of a section as the templates lay it out: a title line (with its dates), a line of
 * particulars (organisation, place), then its body. Every template prints these in this order.
 */
export type Entry = {
  id: string;
  title: Part;
  dates: string;
  sub: Part[];
  /** Plain text printed as written ("description"). */
  plain: string[];
  /** "Grade: Distinction", "Courses: …": a label in bold, then the text. */
  facts: { label: string; text: string }[];
  /** Rich text (the limited Markdown of rich-text.ts). */
  rich: string[];
  bullets: string[];
  /** Printed after the body: "Keywords: Python, Streamlit". */
  trailing: { label: string; text: string }[];
};

/** A one-line item: a name in bold and what follows it (skills, languages, interests). */
export type LineEntry = { id: string; label: string; detail: string };

const t = (s: string) => s.trim();
const part = (text: string, href?: string): Part => ({ text: t(text), ...(href && { href }) });
const nonEmpty = (parts: Part[]) => parts.filter((p) => p.text !== "");
const entry = (e: Partial<Entry> & Pick<Entry, "id" | "title">): Entry => ({
  id: e.id,
  title: e.title,
  dates: e.dates ?? "",
  sub: nonEmpty(e.sub ?? []),
  plain: (e.plain ?? []).map(t).filter(Boolean),
  facts: (e.facts ?? []).filter((f) => f.text.trim() !== ""),
  rich: (e.rich ?? []).filter((r) => r.trim() !== ""),
  bullets: (e.bullets ?? []).map(t).filter(Boolean),
  trailing: (e.trailing ?? []).filter((f) => f.text.trim() !== ""),
});

/** Sections printed as entries with a title line; the rest print as lines or text. */
export function entriesOf(doc: CvDocument, key: SectionKey): Entry[] {
  const f = doc.settings.dateFormat;
  const range = (start: string, end: string) => formatRange(start, end, f);
  switch (key) {
    case "work":
      return doc.work.map((w) =>
        entry({
          id: w.id,
          title: t(w.position) ? part(w.position) : part(w.name, w.url),
          dates: range(w.start, w.end),
          sub: t(w.position) ? [part(w.name, w.url), part(w.location)] : [part(w.location)],
          plain: [w.description],
          rich: [w.summary],
          bullets: w.highlights,
        }),
      );
    case "education":
      return doc.education.map((e) => {
        const degree = [e.studyType, e.area].map(t).filter(Boolean).join(" ");
        return entry({
          id: e.id,
          title: degree ? part(degree) : part(e.institution, e.url),
          dates: range(e.start, e.end),
          sub: degree ? [part(e.institution, e.url), part(e.location)] : [part(e.location)],
          facts: [
            { label: "Grade", text: t(e.score) },
            { label: "Courses", text: e.courses.map(t).filter(Boolean).join(", ") },
          ],
          rich: [e.summary],
        });
      });
    case "projects":
      return doc.projects.map((p) =>
        entry({
          id: p.id,
          title: part(p.name, p.url),
          dates: range(p.start, p.end),
          sub: [part(p.entity), part(p.type), part(p.roles.map(t).filter(Boolean).join(", "))],
          rich: [p.description],
          bullets: p.highlights,
          trailing: [{ label: "Keywords", text: p.keywords.map(t).filter(Boolean).join(", ") }],
        }),
      );
    case "certificates":
      return doc.certificates.map((c) =>
        entry({ id: c.id, title: part(c.name, c.url), dates: formatDate(c.date, f), sub: [part(c.issuer)] }),
      );
    case "awards":
      return doc.awards.map((a) =>
        entry({
          id: a.id,
          title: part(a.title),
          dates: formatDate(a.date, f),
          sub: [part(a.awarder)],
          rich: [a.summary],
        }),
      );
    case "volunteer":
      return doc.volunteer.map((v) =>
        entry({
          id: v.id,
          title: t(v.position) ? part(v.position) : part(v.organization, v.url),
          dates: range(v.start, v.end),
          sub: t(v.position) ? [part(v.organization, v.url)] : [],
          rich: [v.summary],
          bullets: v.highlights,
        }),
      );
    case "publications":
      return doc.publications.map((p) =>
        entry({
          id: p.id,
          title: part(p.name, p.url),
          dates: formatDate(p.releaseDate, f),
          sub: [part(p.publisher)],
          rich: [p.summary],
        }),
      );
    case "references":
      return doc.references.mode === "entries"
        ? doc.references.entries.map((r) => entry({ id: r.id, title: part(r.name), rich: [r.reference] }))
        : [];
    default:
      if (key.startsWith("custom:")) {
        const section = doc.custom.find((c) => `custom:${c.id}` === key);
        return (section?.items ?? []).map((i) =>
          entry({
            id: i.id,
            title: part(i.title, i.url),
            dates: range(i.start, i.end),
            sub: [part(i.subtitle)],
            rich: [i.summary],
          }),
        );
      }
      return [];
  }
}

/** "French: Upper intermediate (B2)", "English: Native speaker", "Yoruba: Mother tongue". */
export function languageDetail(l: CvDocument["languages"][number]): string {
  const fluency = t(l.fluency);
  if (!l.cefr) return fluency;
  if (l.cefr === "native") return fluency || cefrLabel(l.cefr);
  return fluency ? `${fluency} (${l.cefr})` : l.cefr;
}

export function lineEntriesOf(doc: CvDocument, key: SectionKey): LineEntry[] {
  switch (key) {
    case "skills":
      return doc.skills.map((s) => {
        const keywords = s.keywords.map(t).filter(Boolean).join(", ");
        const [name, level] = [t(s.name), t(s.level)];
        let detail = level ? (name ? ` (${level})` : level) : "";
        if (keywords) detail += name || level ? `: ${keywords}` : keywords;
        return { id: s.id, label: name, detail };
      });
    case "languages":
      return doc.languages.map((l) => ({
        id: l.id,
        label: t(l.language),
        detail: languageDetail(l) ? `${t(l.language) ? ": " : ""}${languageDetail(l)}` : "",
      }));
    case "interests":
      return doc.interests.map((i) => {
        const keywords = i.keywords.map(t).filter(Boolean).join(", ");
        return { id: i.id, label: t(i.name), detail: keywords ? `${t(i.name) ? ": " : ""}${keywords}` : "" };
      });
    default:
      return [];
  }
}

export const LINE_SECTIONS: readonly SectionKey[] = ["skills", "languages", "interests"];
export const ON_REQUEST = "References available on request";
