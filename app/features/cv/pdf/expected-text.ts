import { displayPhone } from "~/features/phone";
import { type CvDocument, type SectionKey, sectionTitle } from "../document";
import { formatDate, formatRange } from "../dates";
import { parseRichText, runsText } from "../rich-text";
import { templateById } from "../templates";

/**
 * Every field of a document that its template prints, in the order its text comes out of the PDF,
 * walked from the document itself (not from the templates' own view of it), so a field a template
 * drops or misplaces shows up. Used by the tests, and fit for checking any text read back from a CV.
 */
export function printedFields(doc: CvDocument): string[] {
  const { template } = doc.settings;
  const datesFirst = templateById(template).datesFirst;
  const f = doc.settings.dateFormat;
  const out: string[] = [];
  const push = (...texts: string[]) => out.push(...texts.map((t) => t.trim()).filter(Boolean));
  const rich = (source: string) =>
    parseRichText(source).forEach((b) =>
      b.kind === "paragraph" ? push(runsText(b.runs)) : b.items.forEach((i) => push(runsText(i))),
    );
  // The title line, with the dates before it (Europass) or after it.
  const titled = (title: string[], dates: string) => (datesFirst ? push(dates, ...title) : push(...title, dates));

  const { basics } = doc;
  push(
    basics.name,
    basics.headline,
    basics.email,
    displayPhone(basics.phone),
    basics.location.city,
    basics.location.region,
  );
  if (basics.location.countryCode)
    push(new Intl.DisplayNames(["en-GB"], { type: "region" }).of(basics.location.countryCode) ?? "");
  push(basics.url.replace(/^https?:\/\//, "").replace(/\/$/, ""));
  for (const p of basics.profiles) {
    if (p.network && p.username) push(p.network, p.username);
    else push(p.url.replace(/^https?:\/\//, "").replace(/\/$/, ""));
  }

  for (const key of templateById(template).readingOrder(doc) as SectionKey[]) {
    push(sectionTitle(doc, key));
    switch (key) {
      case "summary":
        rich(doc.summary);
        break;
      case "work":
        for (const w of doc.work) {
          titled([w.position || w.name], formatRange(w.start, w.end, f));
          if (w.position) push(w.name);
          push(w.location, w.description);
          rich(w.summary);
          push(...w.highlights);
        }
        break;
      case "education":
        for (const e of doc.education) {
          titled(e.studyType || e.area ? [e.studyType, e.area] : [e.institution], formatRange(e.start, e.end, f));
          if (e.studyType || e.area) push(e.institution);
          push(e.location, e.score, ...e.courses);
          rich(e.summary);
        }
        break;
      case "skills":
        for (const s of doc.skills) push(s.name, s.level, ...s.keywords);
        break;
      case "languages":
        if (template === "europass") {
          const natives = doc.languages.filter((l) => l.cefr === "native");
          if (natives.length) push("Mother tongue", ...natives.map((l) => l.language));
          for (const l of doc.languages.filter((l) => l.cefr !== "native"))
            push(l.language, l.fluency, ...Array(5).fill(l.cefr || "–"));
        } else {
          for (const l of doc.languages) push(l.language, l.fluency, l.cefr === "native" ? "" : l.cefr);
        }
        break;
      case "projects":
        for (const p of doc.projects) {
          titled([p.name], formatRange(p.start, p.end, f));
          push(p.entity, p.type, ...p.roles);
          rich(p.description);
          push(...p.highlights, ...p.keywords);
        }
        break;
      case "certificates":
        for (const c of doc.certificates) {
          titled([c.name], formatDate(c.date, f));
          push(c.issuer);
        }
        break;
      case "awards":
        for (const a of doc.awards) {
          titled([a.title], formatDate(a.date, f));
          push(a.awarder);
          rich(a.summary);
        }
        break;
      case "volunteer":
        for (const v of doc.volunteer) {
          titled([v.position || v.organization], formatRange(v.start, v.end, f));
          if (v.position) push(v.organization);
          rich(v.summary);
          push(...v.highlights);
        }
        break;
      case "publications":
        for (const p of doc.publications) {
          titled([p.name], formatDate(p.releaseDate, f));
          push(p.publisher);
          rich(p.summary);
        }
        break;
      case "interests":
        for (const i of doc.interests) push(i.name, ...i.keywords);
        break;
      case "references":
        if (doc.references.mode === "on-request") push("References available on request");
        else {
          for (const r of doc.references.entries) {
            push(r.name);
            rich(r.reference);
          }
        }
        break;
      default:
        for (const i of doc.custom.find((c) => `custom:${c.id}` === key)?.items ?? []) {
          titled([i.title], formatRange(i.start, i.end, f));
          push(i.subtitle);
          rich(i.summary);
        }
    }
  }
  return out;
}

const normalise = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Checks that each field occurs in `text`, each after the one before (whitespace and case aside:
 * lines wrap, headings print in capitals). Returns the fields that could not be found in order.
 */
export function missingInOrder(text: string, fields: string[]): { field: string; after: string }[] {
  const haystack = normalise(text);
  const missing: { field: string; after: string }[] = [];
  let from = 0;
  let previous = "(start)";
  for (const field of fields) {
    const at = haystack.indexOf(normalise(field), from);
    if (at < 0) missing.push({ field, after: previous });
    else {
      from = at + normalise(field).length;
      previous = field;
    }
  }
  return missing;
}
