import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  TextRun,
} from "docx";
import { displayPhone } from "~/features/phone";
import { type CvDocument, type SectionKey, printedSections, sectionTitle } from "../document";
import { formatDate, formatRange } from "../dates";
import { type Run, parseRichText } from "../rich-text";

/**
 * The CV as a Word document: one column, the sections in the order and with the headings the PDF
 * prints (`printedSections`, `sectionTitle`), the name as Heading 1 and each section as Heading 2 (an
 * entry's title as Heading 3) so screen readers and applicant tracking systems find them, bullets as
 * Word's own list, bold, italic and links as Word formatting and hyperlinks. Everything typed is text:
 * the docx package escapes it, so "<script>" prints as those characters.
 */
export async function renderCvDocx(doc: CvDocument): Promise<Buffer> {
  const { settings, basics } = doc;
  const accent = settings.accent.replace("#", "").toUpperCase();
  const font = settings.font === "serif" ? "Georgia" : "Calibri";
  const name = clean(basics.name) || "Curriculum vitae";

  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [text(name)] })];
  if (clean(basics.headline))
    children.push(new Paragraph({ style: "Headline", children: [text(clean(basics.headline))] }));
  const contact = contactLine(doc);
  if (contact.length) children.push(new Paragraph({ children: contact }));

  for (const key of printedSections(doc)) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [text(clean(sectionTitle(doc, key)))] }));
    children.push(...section(doc, key));
  }

  const document = new Document({
    title: basics.name.trim() ? `${clean(basics.name)} – CV` : "CV",
    creator: clean(basics.name) || "CV builder",
    description: clean(basics.headline) || undefined,
    styles: {
      default: {
        document: { run: { font, size: 21 }, paragraph: { spacing: { after: 60, line: 264 } } },
        heading1: {
          run: { font, size: 40, bold: true, color: accent },
          paragraph: { spacing: { after: 60 }, keepNext: true },
        },
        heading2: {
          run: { font, size: 26, bold: true, color: accent },
          paragraph: {
            spacing: { before: 240, after: 80 },
            keepNext: true,
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: accent, space: 1 } },
          },
        },
        heading3: {
          run: { font, size: 22, bold: true, color: "1F2937" },
          paragraph: { spacing: { before: 140, after: 20 }, keepNext: true },
        },
        hyperlink: { run: { color: accent, underline: {} } },
      },
      paragraphStyles: [
        {
          id: "Headline",
          name: "Headline",
          basedOn: "Normal",
          next: "Normal",
          run: { size: 24, color: "4B5563" },
          paragraph: { spacing: { after: 80 } },
        },
        {
          id: "EntryMeta",
          name: "Entry details",
          basedOn: "Normal",
          next: "Normal",
          run: { color: "4B5563" },
          paragraph: { keepNext: true },
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: BULLETS,
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: "•",
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 360, hanging: 240 } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: settings.paper === "Letter" ? { width: 12240, height: 15840 } : { width: 11906, height: 16838 },
            margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 },
          },
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}

const BULLETS = "cv-bullets";
const SEPARATOR = "  ·  ";

/** Without the characters XML cannot hold (a stray control character would make Word refuse the file), runs of spaces as one. */
const tidy = (value: string) =>
  value
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/\s+/g, " ");
/** A whole value, tidied and trimmed. */
const clean = (value: string) => tidy(value).trim();

/** Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana…): Word lays their runs out right to left. */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/** A run of text: the spaces at its ends are kept, since runs of rich text meet at them. */
function text(value: string, options: { bold?: boolean; italics?: boolean; style?: string } = {}): TextRun {
  const t = tidy(value);
  return new TextRun({ text: t, ...options, ...(RTL.test(t) && { rightToLeft: true }) });
}

function link(label: string, href: string, options: { bold?: boolean; italics?: boolean } = {}): ExternalHyperlink {
  return new ExternalHyperlink({ link: href, children: [text(label, { ...options, style: "Hyperlink" })] });
}

/** A web address as a reader sees it, without "https://" and "www.". */
const shortUrl = (url: string) =>
  url
    .replace(/^mailto:/i, "")
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/$/, "");

/** Pieces joined by a separator, the empty ones left out. */
function joined(parts: (ParagraphChild | string | null | undefined | false)[]): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const part of parts) {
    if (!part || (typeof part === "string" && !clean(part))) continue;
    if (out.length) out.push(text(SEPARATOR));
    out.push(typeof part === "string" ? text(clean(part)) : part);
  }
  return out;
}

const urlPart = (url: string) => (url ? link(shortUrl(url), url) : null);

function contactLine(doc: CvDocument): ParagraphChild[] {
  const b = doc.basics;
  const phone = displayPhone(b.phone);
  const country = b.location.countryCode ? countryName(b.location.countryCode) : "";
  const place = [b.location.city, b.location.region, country].map(clean).filter(Boolean).join(", ");
  return joined([
    b.email ? link(b.email, `mailto:${b.email}`) : null,
    phone,
    place,
    urlPart(b.url),
    ...b.profiles.map((p) =>
      p.url ? link(shortUrl(p.url), p.url) : p.username ? `${p.network}: ${p.username}` : null,
    ),
  ]);
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en-GB"], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function runs(items: Run[]): ParagraphChild[] {
  return items.map((r) =>
    r.href
      ? link(r.text, r.href, { bold: r.bold, italics: r.italic })
      : text(r.text, { bold: r.bold, italics: r.italic }),
  );
}

/** Rich text as paragraphs and Word bullets. */
function rich(source: string): Paragraph[] {
  return parseRichText(source).flatMap((block) =>
    block.kind === "paragraph"
      ? [new Paragraph({ children: runs(block.runs) })]
      : block.items.map((item) => new Paragraph({ numbering: { reference: BULLETS, level: 0 }, children: runs(item) })),
  );
}

const bullets = (items: string[]) =>
  items
    .map(clean)
    .filter(Boolean)
    .map((i) => new Paragraph({ numbering: { reference: BULLETS, level: 0 }, children: [text(i)] }));
const entryTitle = (value: string) =>
  new Paragraph({ heading: HeadingLevel.HEADING_3, children: [text(clean(value))] });
const meta = (parts: Parameters<typeof joined>[0]) => {
  const children = joined(parts);
  return children.length ? [new Paragraph({ style: "EntryMeta", children })] : [];
};
const plain = (value: string, italics = false) =>
  clean(value) ? [new Paragraph({ children: [text(clean(value), { italics })] })] : [];
const labelled = (label: string, values: string[]) => {
  const list = values.map(clean).filter(Boolean);
  return list.length ? [new Paragraph({ children: [text(`${label}: `, { bold: true }), text(list.join(", "))] })] : [];
};
/** A bold name, then its details on the same line. */
const line = (title: string, rest: Parameters<typeof joined>[0]) => {
  const after = joined(rest);
  return [
    new Paragraph({
      children: [text(clean(title), { bold: true }), ...(after.length ? [text(SEPARATOR), ...after] : [])],
    }),
  ];
};

function section(doc: CvDocument, key: SectionKey): Paragraph[] {
  const f = doc.settings.dateFormat;
  switch (key) {
    case "summary":
      return rich(doc.summary);
    case "work":
      return doc.work.flatMap((w) => [
        entryTitle(w.position || w.name),
        ...meta([w.position ? w.name : null, w.location, urlPart(w.url), formatRange(w.start, w.end, f)]),
        ...plain(w.description, true),
        ...rich(w.summary),
        ...bullets(w.highlights),
      ]);
    case "education":
      return doc.education.flatMap((e) => [
        entryTitle([e.studyType, e.area].map(clean).filter(Boolean).join(" ") || e.institution),
        ...meta([e.studyType || e.area ? e.institution : null, e.location, formatRange(e.start, e.end, f)]),
        ...(clean(e.score) ? [new Paragraph({ children: [text("Grade: ", { bold: true }), text(e.score)] })] : []),
        ...labelled("Courses", e.courses),
        ...meta([urlPart(e.url)]),
        ...rich(e.summary),
      ]);
    case "skills":
      return doc.skills.map(
        (s) =>
          new Paragraph({
            children: [
              text(clean(s.name), { bold: true }),
              ...(clean(s.level) ? [text(` (${clean(s.level)})`)] : []),
              ...(s.keywords.some((k) => clean(k))
                ? [text(`: ${s.keywords.map(clean).filter(Boolean).join(", ")}`)]
                : []),
            ],
          }),
      );
    case "languages":
      return doc.languages.map((l) => {
        const level = l.cefr === "native" ? (l.fluency ? "" : "Native") : l.cefr;
        const how = [clean(l.fluency), level && l.fluency ? `(${level})` : level].filter(Boolean).join(" ");
        return new Paragraph({
          children: [text(clean(l.language), { bold: true }), ...(how ? [text(`: ${how}`)] : [])],
        });
      });
    case "projects":
      return doc.projects.flatMap((p) => [
        entryTitle(p.name),
        ...meta([p.entity, p.type, p.roles.map(clean).filter(Boolean).join(", "), formatRange(p.start, p.end, f)]),
        ...rich(p.description),
        ...bullets(p.highlights),
        ...labelled("Keywords", p.keywords),
        ...meta([urlPart(p.url)]),
      ]);
    case "certificates":
      return doc.certificates.flatMap((c) => line(c.name, [c.issuer, formatDate(c.date, f), urlPart(c.url)]));
    case "awards":
      return doc.awards.flatMap((a) => [...line(a.title, [a.awarder, formatDate(a.date, f)]), ...rich(a.summary)]);
    case "volunteer":
      return doc.volunteer.flatMap((v) => [
        entryTitle(v.position || v.organization),
        ...meta([v.position ? v.organization : null, urlPart(v.url), formatRange(v.start, v.end, f)]),
        ...rich(v.summary),
        ...bullets(v.highlights),
      ]);
    case "publications":
      return doc.publications.flatMap((p) => [
        ...line(p.name, [p.publisher, formatDate(p.releaseDate, f), urlPart(p.url)]),
        ...rich(p.summary),
      ]);
    case "interests":
      return doc.interests.map(
        (i) =>
          new Paragraph({
            children: [
              text(clean(i.name), { bold: true }),
              ...(i.keywords.some((k) => clean(k))
                ? [text(`: ${i.keywords.map(clean).filter(Boolean).join(", ")}`)]
                : []),
            ],
          }),
      );
    case "references":
      return doc.references.mode === "on-request"
        ? [new Paragraph({ children: [text("References available on request.")] })]
        : doc.references.entries.flatMap((r) => [
            new Paragraph({ keepNext: true, children: [text(clean(r.name), { bold: true })] }),
            ...rich(r.reference),
          ]);
    default: {
      const custom = doc.custom.find((c) => `custom:${c.id}` === key);
      return (custom?.items ?? []).flatMap((item) => [
        entryTitle(item.title),
        ...meta([item.subtitle, formatRange(item.start, item.end, f), urlPart(item.url)]),
        ...rich(item.summary),
      ]);
    }
  }
}
