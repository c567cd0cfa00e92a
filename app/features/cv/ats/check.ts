import { displayPhone } from "~/features/phone";
import { type CvDocument, type SectionKey, printedSections, sectionTitle } from "../document";
import { formatDate, formatRange } from "../dates";
import { type PrintedField, printedFields, urlText } from "./fields";
import { extractKeyTerms, matchKeyTerms } from "./keywords";
import { ReadText, listInEnglish, meaningfulLength, normalise, quote } from "./text";

/**
 * The ATS check: the student's own PDF read back as an applicant tracking system reads it, compared
 * with what the CV says, as a list of findings a student can act on. Pure: the PDF's text comes in
 * (extract.server.ts reads it), a report goes out.
 */
export type FindingStatus = "pass" | "warn" | "fail";
export type Finding = {
  id: string;
  status: FindingStatus;
  title: string;
  detail: string;
  /** What to do about it, when there is something to do. */
  fix?: string;
};
export type AtsReport = {
  /** 0 to 100: the weighted share of checks passed (see SCORE_WEIGHTS); 0 when no text can be read. */
  score: number;
  /** The failures first, then the warnings, then what passed. */
  findings: Finding[];
  /** The job's key terms the CV has and lacks, in order of importance; null without a job. */
  keyTerms: null | { found: string[]; missing: string[] };
};
/**
 * What a machine read from the PDF: each page's text and all of it; when known, how many pictures it
 * paints and the addresses its links go to.
 */
export type PdfText = { pages: string[]; text: string; images?: number; links?: string[] };
export type AtsInput = { pdfText: PdfText; doc: CvDocument; job?: { title: string; description: string } | null };

/**
 * How much each check counts towards the score. A pass counts in full, a warning half, a failure
 * not at all; the key terms count by the share found. The checks that decide whether a CV is read
 * at all (its text, its content, its reading order) weigh most; the photo note weighs nothing.
 */
export const SCORE_WEIGHTS: Record<string, number> = {
  text: 3,
  headings: 2,
  "contact-name": 1,
  "contact-email": 2,
  "contact-phone": 1,
  dates: 1,
  content: 3,
  "reading-order": 2,
  photo: 0,
  length: 1,
  "key-terms": 3,
};

/** Pages a template's CV is expected to fill at most: a US résumé one, a CV two. */
export const PAGE_LIMITS: Record<CvDocument["settings"]["template"], number> = { us: 1, uk: 2, europass: 2, modern: 2 };

/** The templates that print a photo: one picture in their PDF is that photo. */
const PHOTO_TEMPLATES: CvDocument["settings"]["template"][] = ["europass", "modern"];

/** At most this many values are named in one finding; the rest are counted. */
const NAMED = 6;

export function atsCheck(input: AtsInput): AtsReport {
  const { pdfText, doc } = input;
  const read = new ReadText(pdfText.text);
  const firstPage = new ReadText(pdfText.pages[0] ?? pdfText.text);
  const fields = printedFields(doc);

  const text = textLayer(pdfText, doc, fields);
  if (text.status === "fail") {
    // Nothing else can be judged from a PDF without text: one finding, and no score.
    return {
      score: 0,
      findings: [text, ...photo(pdfText, doc)],
      keyTerms: input.job ? { found: [], missing: extractKeyTerms(input.job).map((t) => t.term) } : null,
    };
  }
  const findings: Finding[] = [
    text,
    headings(read, doc),
    contactName(firstPage, read, doc),
    contactEmail(firstPage, read, doc),
    contactPhone(pdfText, doc),
    dates(read, doc),
    ...contentAndOrder(read, pdfText, doc, fields),
    ...photo(pdfText, doc),
    length(pdfText, doc),
  ];

  let keyTerms: AtsReport["keyTerms"] = null;
  let termShare = 1;
  if (input.job) {
    const terms = extractKeyTerms(input.job);
    keyTerms = matchKeyTerms(terms, pdfText.text);
    termShare = terms.length ? keyTerms.found.length / terms.length : 1;
    findings.push(keyTermsFinding(keyTerms, termShare));
  }

  let earned = 0;
  let possible = 0;
  for (const f of findings) {
    const weight = SCORE_WEIGHTS[f.id] ?? 1;
    const value = f.id === "key-terms" ? termShare : f.status === "pass" ? 1 : f.status === "warn" ? 0.5 : 0;
    earned += weight * value;
    possible += weight;
  }
  const rank = { fail: 0, warn: 1, pass: 2 };
  return {
    score: possible ? Math.round((100 * earned) / possible) : 100,
    findings: findings
      .map((f, i) => [f, i] as const)
      .sort(([a, i], [b, j]) => rank[a.status] - rank[b.status] || i - j)
      .map(([f]) => f),
    keyTerms,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
const named = (values: string[]) =>
  listInEnglish(values.length > NAMED ? [...values.slice(0, NAMED), `${values.length - NAMED} more`] : values);

function textLayer(pdf: PdfText, doc: CvDocument, fields: PrintedField[]): Finding {
  const got = meaningfulLength(pdf.text);
  const expected = meaningfulLength([doc.basics.name, ...fields.map((f) => f.value)].join(""));
  const pages = pdf.pages.length;
  if (got === 0 || got < 0.3 * expected || (got < 50 && expected >= 50)) {
    return {
      id: "text",
      status: "fail",
      title: "Almost no text can be read from your PDF",
      detail: `A machine read only ${plural(got, "character")} from ${plural(pages, "page")}. Your CV looks like a scanned or photographed page, or its words were turned into pictures, so a system sees a blank CV.`,
      fix: "Download the PDF from the CV builder (or save your document as a PDF from a word processor) instead of scanning it, photographing it or printing it to an image.",
    };
  }
  const blank = pdf.pages.map((p, i) => [meaningfulLength(p), i + 1] as const).filter(([n]) => n < 20);
  if (blank.length && pages > 1) {
    return {
      id: "text",
      status: "warn",
      title: `${blank.length === 1 ? "A page has" : "Some pages have"} no readable text`,
      detail: `A machine read almost nothing from page ${listInEnglish(blank.map(([, n]) => String(n)))}: anything on ${blank.length === 1 ? "it" : "them"} is a picture or is empty.`,
      fix: "Keep all your words as text, and remove empty pages.",
    };
  }
  const words = pdf.text.split(/\s+/).filter(Boolean).length;
  return {
    id: "text",
    status: "pass",
    title: "Your CV's text can be read",
    detail: `A machine read ${plural(words, "word")} from ${plural(pages, "page")}.`,
  };
}

function headings(read: ReadText, doc: CvDocument): Finding {
  const titles = printedSections(doc).map((key) => sectionTitle(doc, key));
  const missing = titles.filter((t) => !read.has(t) && !read.hasLetters(t));
  const spaced = titles.filter((t) => !read.has(t) && read.hasLetters(t));
  if (missing.length) {
    return {
      id: "headings",
      status: "fail",
      title: `${missing.length === 1 ? "A section heading is" : `${missing.length} section headings are`} not read: ${named(missing.map((t) => `“${t}”`))}`,
      detail:
        "A system finds your experience, education and skills by their headings. Without the heading, what follows may be filed under the wrong section or not at all.",
      fix: "Give every section a plain heading in words (for example “Work experience”, “Education”, “Skills”) and keep it as text, not in a picture.",
    };
  }
  if (spaced.length) {
    return {
      id: "headings",
      status: "warn",
      title: `${spaced.length === 1 ? "A heading is" : "Some headings are"} read as separate letters: ${named(spaced.map((t) => `“${t}”`))}`,
      detail:
        "Its letters are spaced so far apart that a machine reads them one by one, and may not recognise the heading.",
      fix: "Choose a template or a style without widely spaced letters in the headings.",
    };
  }
  return {
    id: "headings",
    status: "pass",
    title: "Every section heading is read",
    detail: `A machine finds all ${plural(titles.length, "heading")}: ${named(titles)}.`,
  };
}

function contactName(first: ReadText, read: ReadText, doc: CvDocument): Finding {
  const name = doc.basics.name.trim();
  if (!name) {
    return {
      id: "contact-name",
      status: "fail",
      title: "Your CV has no name",
      detail: "A system files your CV under the name at its top.",
      fix: "Add your name in the CV's basics.",
    };
  }
  if (first.has(name))
    return {
      id: "contact-name",
      status: "pass",
      title: "Your name is read",
      detail: `A machine reads “${name}” on the first page.`,
    };
  if (read.has(name) || first.hasLetters(name)) {
    return {
      id: "contact-name",
      status: "warn",
      title: "Your name is hard for a machine to find",
      detail: `“${name}” is not read as written at the top of the first page.`,
      fix: "Put your name as plain text at the top of the first page, with ordinary letter spacing.",
    };
  }
  return {
    id: "contact-name",
    status: "fail",
    title: "Your name is not read",
    detail: `A machine does not find “${name}” anywhere in the PDF, so it cannot tell whose CV this is.`,
    fix: "Put your name as plain text at the top of the first page, not in a picture, a header or a text box.",
  };
}

function contactEmail(first: ReadText, read: ReadText, doc: CvDocument): Finding {
  const email = doc.basics.email.trim();
  if (!email) {
    return {
      id: "contact-email",
      status: "warn",
      title: "Your CV has no email address",
      detail: "Employers and their systems reply by email.",
      fix: "Add an email address you check, ideally one with your name in it.",
    };
  }
  if (first.has(email))
    return {
      id: "contact-email",
      status: "pass",
      title: "Your email address is read",
      detail: `A machine reads ${email} on the first page.`,
    };
  if (read.has(email) || first.hasLetters(email)) {
    return {
      id: "contact-email",
      status: "warn",
      title: "Your email address is not where a machine looks",
      detail: `${email} is not read as written on the first page.`,
      fix: "Put your email address as plain text near your name on the first page.",
    };
  }
  return {
    id: "contact-email",
    status: "fail",
    title: "Your email address is not read",
    detail: `A machine does not find ${email} anywhere in the PDF, so an employer's system has no way to reply.`,
    fix: "Write your email address out in full as text near your name (not only as a link or an icon).",
  };
}

/** Every run of digits that may be a phone number, as digits only. */
const phoneNumbers = (text: string) =>
  [...text.replace(/\(0\)/g, "").matchAll(/\+?\d[\d \t\u00a0().\-/]{5,}\d/g)].map((m) => m[0].replace(/\D/g, ""));

/** The same number, whether written internationally (+44 7911 123456) or nationally (07911 123456). */
function samePhone(a: string, b: string): boolean {
  const x = a.replace(/^0+/, "");
  const y = b.replace(/^0+/, "");
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length >= 7 && long.endsWith(short) && long.length - short.length <= 3;
}

function contactPhone(pdf: PdfText, doc: CvDocument): Finding {
  const phone = doc.basics.phone.replace(/\D/g, "");
  if (!phone) {
    return {
      id: "contact-phone",
      status: "warn",
      title: "Your CV has no phone number",
      detail: "Many employers phone to arrange an interview.",
      fix: "Add a phone number in the CV's basics.",
    };
  }
  const onFirst = phoneNumbers(pdf.pages[0] ?? pdf.text).some((n) => samePhone(n, phone));
  if (onFirst)
    return {
      id: "contact-phone",
      status: "pass",
      title: "Your phone number is read",
      detail: `A machine reads ${displayPhone(doc.basics.phone)} on the first page.`,
    };
  if (phoneNumbers(pdf.text).some((n) => samePhone(n, phone))) {
    return {
      id: "contact-phone",
      status: "warn",
      title: "Your phone number is not where a machine looks",
      detail: `${displayPhone(doc.basics.phone)} is read, but not on the first page.`,
      fix: "Put your phone number near your name on the first page.",
    };
  }
  return {
    id: "contact-phone",
    status: "fail",
    title: "Your phone number is not read",
    detail: `A machine does not find ${displayPhone(doc.basics.phone)} in the PDF.`,
    fix: "Write your phone number out as text near your name (not only as an icon or a link).",
  };
}

/** Where a section's text starts: its heading, or the start when the heading is not read. */
const sectionStart = (read: ReadText, doc: CvDocument, key: SectionKey) =>
  Math.max(0, read.indexOf(sectionTitle(doc, key)));

function dates(read: ReadText, doc: CvDocument): Finding {
  const format = doc.settings.dateFormat;
  const printed = printedSections(doc);
  const outOfOrder: string[] = [];
  const missing: string[] = [];
  let checked = 0;
  for (const key of ["work", "education"] as const) {
    if (!printed.includes(key)) continue;
    const title = sectionTitle(doc, key);
    const start = sectionStart(read, doc, key);
    let cursor = start;
    for (const entry of doc[key]) {
      if (!entry.start) continue;
      checked += 1;
      const forms = [formatRange(entry.start, entry.end, format), formatDate(entry.start, format)];
      const hit = forms.map((f) => read.find(f, cursor)).find((h) => h !== null);
      if (hit) {
        cursor = hit.end;
        continue;
      }
      const label = `${formatDate(entry.start, format)} (${title})`;
      if (forms.some((f) => read.indexOf(f, 0) >= 0)) outOfOrder.push(label);
      else missing.push(label);
    }
  }
  if (outOfOrder.length || missing.length) {
    const parts = [
      outOfOrder.length
        ? `${named(outOfOrder)} ${outOfOrder.length === 1 ? "is" : "are"} read out of order, so a system may pair the dates with the wrong entry.`
        : "",
      missing.length ? `${named(missing)} ${missing.length === 1 ? "is" : "are"} not read at all.` : "",
    ];
    return {
      id: "dates",
      status: "warn",
      title: outOfOrder.length ? "Some dates are read out of order" : "Some dates are not read",
      detail: parts.filter(Boolean).join(" "),
      fix: "Keep each entry's dates as text on the same line as its title, in a single column.",
    };
  }
  return {
    id: "dates",
    status: "pass",
    title: "Dates are read in order",
    detail: checked
      ? `A machine reads all ${plural(checked, "start date")} in the order of your entries.`
      : "Your CV has no dated entries to check.",
  };
}

const describeField = (f: PrintedField, doc: CvDocument) =>
  `${quote(f.value)} (${f.section === "basics" ? "your details" : sectionTitle(doc, f.section)}, ${f.label})`;

/** The fields whose order tells one entry from the next: a job's title and employer, a degree's institution and subject. */
const ENTRY_KEYS: Partial<Record<SectionKey, string[]>> = {
  work: ["job title", "employer"],
  education: ["institution", "subject"],
  volunteer: ["volunteering role", "organisation"],
};

function contentAndOrder(read: ReadText, pdfText: PdfText, doc: CvDocument, fields: PrintedField[]): Finding[] {
  // A web address counts when it is printed, or when it is a link's target: parsers read both.
  const linked = new Set((pdfText.links ?? []).map((l) => normalise(urlText(l))));
  const found = (f: PrintedField) =>
    [f.value, ...(f.also ?? [])].some((v) => read.has(v) || read.hasLetters(v)) ||
    (!!f.url && linked.has(normalise(f.value)));
  const lost = fields.filter((f) => !found(f));
  const inPieces = lost.filter((f) => read.inPieces(f.value));
  const missing = lost.filter((f) => !inPieces.includes(f));

  // Entries read mixed together: the next entry's title or employer is read before this one's are done.
  const mixed: PrintedField[] = [];
  for (const [section, labels] of Object.entries(ENTRY_KEYS) as [SectionKey, string[]][]) {
    const keyFields = fields.filter((f) => f.section === section && labels.includes(f.label) && read.has(f.value));
    const entries = [...new Set(keyFields.map((f) => f.entry))];
    let cursor = sectionStart(read, doc, section);
    for (const entry of entries) {
      const own = keyFields.filter((f) => f.entry === entry);
      const at = own.map((f) => [f, read.find(f.value, cursor)] as const);
      mixed.push(...at.filter(([, hit]) => !hit).map(([f]) => f));
      const ends = at.flatMap(([, hit]) => (hit ? [hit.end] : []));
      if (ends.length) cursor = Math.max(...ends);
    }
  }

  const findings: Finding[] = [];
  const essentialMissing = missing.filter((f) => f.essential);
  if (missing.length) {
    findings.push({
      id: "content",
      status: essentialMissing.length ? "fail" : "warn",
      title: essentialMissing.length
        ? `${plural(essentialMissing.length, "thing")} on your CV ${essentialMissing.length === 1 ? "is" : "are"} lost to a machine`
        : `${plural(missing.length, "detail")} ${missing.length === 1 ? "is" : "are"} not read as text`,
      detail: `A machine reading your PDF does not find ${named((essentialMissing.length ? essentialMissing : missing).map((f) => describeField(f, doc)))}.${
        essentialMissing.length && missing.length > essentialMissing.length
          ? ` Nor ${plural(missing.length - essentialMissing.length, "smaller detail")}.`
          : ""
      }`,
      fix: essentialMissing.length
        ? "Keep these as ordinary text: not in a picture, a text box, a header or footer, or a graphic."
        : "These may be shown as a graphic (a level as dots) or only as a link: if they matter, write them out as text.",
    });
  } else {
    findings.push({
      id: "content",
      status: "pass",
      title: "Nothing on your CV is lost",
      detail: `A machine reads all ${plural(fields.length, "entry", "entries")} of your CV as text.`,
    });
  }

  if (mixed.length || inPieces.length) {
    const parts = [
      mixed.length
        ? `${named(mixed.map((f) => describeField(f, doc)))} ${mixed.length === 1 ? "is" : "are"} read before the entry above ${mixed.length === 1 ? "it" : "them"} ends.`
        : "",
      inPieces.length
        ? `${named(inPieces.map((f) => describeField(f, doc)))} ${inPieces.length === 1 ? "is" : "are"} read in pieces, with other text in the middle.`
        : "",
    ];
    findings.push({
      id: "reading-order",
      status: "fail",
      title: "Parts of your CV are read mixed together",
      detail: `${parts.filter(Boolean).join(" ")} This happens when two columns or a table are read line by line across the page, so a system may pair a job title with the wrong employer.`,
      fix: "Choose a single-column template (the UK CV or the US résumé), or keep each entry's details together in one column.",
    });
  } else {
    findings.push({
      id: "reading-order",
      status: "pass",
      title: "Your CV is read in order",
      detail: "Each entry's title, organisation and details are read together, one entry after another.",
    });
  }
  return findings;
}

function photo(pdf: PdfText, doc: CvDocument): Finding[] {
  const withPhoto = PHOTO_TEMPLATES.includes(doc.settings.template);
  const pictures = pdf.images ?? (withPhoto && doc.basics.image ? 1 : 0);
  if (!pictures) return [];
  if (pictures === 1 && withPhoto) {
    return [
      {
        id: "photo",
        status: "pass",
        title: "Your photo is ignored by machines",
        detail: "A machine ignores it: keep nothing important in it.",
        fix: "Make sure your name and contact details are written as text, as they are now.",
      },
    ];
  }
  return [
    {
      id: "photo",
      status: "warn",
      title:
        pictures === 1
          ? "Your CV has a picture that machines ignore"
          : `Your CV has ${pictures} pictures that machines ignore`,
      detail:
        "A machine ignores pictures: any words in them (a logo, a chart, a skills graphic) are lost. Keep nothing important in them.",
      fix:
        doc.settings.template === "uk" || doc.settings.template === "us"
          ? "In the UK and the US a CV usually has no photo: consider leaving it out."
          : undefined,
    },
  ];
}

function length(pdf: PdfText, doc: CvDocument): Finding {
  const template = doc.settings.template;
  const limit = PAGE_LIMITS[template];
  const pages = pdf.pages.length;
  const kind = template === "us" ? "A US résumé" : "A CV";
  if (pages > limit) {
    return {
      id: "length",
      status: "warn",
      title: `Your CV is ${plural(pages, "page")} long`,
      detail: `${kind} is usually ${limit === 1 ? "one page" : `${limit} pages at most`}; recruiters skim, and a long CV hides your best points.`,
      fix: "Cut older or less relevant entries, shorten each achievement to a line, and hide sections the job does not need.",
    };
  }
  return {
    id: "length",
    status: "pass",
    title: `Your CV is ${plural(pages, "page")} long`,
    detail: `${kind} is usually ${limit === 1 ? "one page" : `${limit} pages at most`}.`,
  };
}

function keyTermsFinding(terms: { found: string[]; missing: string[] }, share: number): Finding {
  const total = terms.found.length + terms.missing.length;
  if (!total)
    return {
      id: "key-terms",
      status: "pass",
      title: "No key terms found in the job advert",
      detail: "The advert is too short to pick out the words an employer's system would search for.",
    };
  return {
    id: "key-terms",
    status: share >= 2 / 3 ? "pass" : share >= 1 / 3 ? "warn" : "fail",
    title: `Your CV has ${terms.found.length} of the job's ${total} key terms`,
    detail: terms.missing.length
      ? `Missing: ${terms.missing.join(", ")}.${terms.found.length ? ` Found: ${terms.found.join(", ")}.` : ""}`
      : `Found: ${terms.found.join(", ")}.`,
    ...(terms.missing.length && {
      fix: "Where they are true of you, use the job's own words in your profile, skills and achievements: a system matches words, not meanings.",
    }),
  };
}
