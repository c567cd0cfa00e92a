/**
 * PDFs for the ATS check's tests, made with @react-pdf/renderer: a plain single-column CV of a
 * document (every printed field, as a good template prints it), and the same CV broken in the ways a
 * machine stumbles on. Test support only: the real templates live in ../pdf and ../templates.
 */
import { Document, Font, Image, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { type CvDocument, type SectionKey, printedSections, sectionTitle } from "../document";
import { formatDate, formatRange } from "../dates";
import { type PrintedField, printedFields } from "./fields";

// Whole words on every line, as a CV should print them (and as the real templates do).
Font.registerHyphenationCallback((word) => [word]);

const styles = StyleSheet.create({
  page: { padding: 36, fontFamily: "Helvetica", fontSize: 9, lineHeight: 1.25 },
  name: { fontSize: 20, fontFamily: "Helvetica-Bold" },
  heading: { fontSize: 12, fontFamily: "Helvetica-Bold", marginTop: 10, marginBottom: 3 },
  entryTitle: { fontFamily: "Helvetica-Bold", marginTop: 4 },
  row: { flexDirection: "row" },
  cell: { width: "50%", paddingRight: 8 },
});

export type Breakage = {
  /** Print these sections without their heading. */
  withoutHeadings?: SectionKey[];
  /** Leave the email address out. */
  withoutEmail?: boolean;
  /** Lay the work entries out side by side in two columns, drawn line by line across the page. */
  workInTwoColumns?: boolean;
  /** A picture at the top of the first page (a photo). */
  photo?: Buffer;
  /** Nothing but a picture of the CV: a scan. */
  scanned?: Buffer;
};

type Line = { text: string; bold?: boolean };

/** Each entry's lines: its fields in order, with its dates after its first two lines. */
function entryLines(doc: CvDocument, key: SectionKey, fields: PrintedField[]): Line[][] {
  const byEntry = new Map<number, PrintedField[]>();
  for (const f of fields.filter((f) => f.section === key))
    byEntry.set(f.entry ?? 0, [...(byEntry.get(f.entry ?? 0) ?? []), f]);
  const short = ["skills", "languages", "interests", "certificates", "basics"].includes(key);
  return [...byEntry.entries()].map(([i, own]) => {
    // Short values of a list share a line: "Data analysis: Expert, Python, pandas".
    const lines: Line[] = short
      ? [{ text: own.map((f) => f.value).join(", "), bold: false }]
      : own.map((f, j) => ({ text: f.value, bold: j === 0 }));
    const item = dated(doc, key, i);
    if (item) lines.splice(Math.min(2, lines.length), 0, { text: item });
    return lines;
  });
}

function dated(doc: CvDocument, key: SectionKey, i: number): string {
  const f = doc.settings.dateFormat;
  switch (key) {
    case "work":
    case "education":
    case "volunteer":
    case "projects": {
      const item = doc[key][i];
      return item ? formatRange(item.start, item.end, f) : "";
    }
    case "certificates":
      return formatDate(doc.certificates[i]?.date ?? "", f);
    case "awards":
      return formatDate(doc.awards[i]?.date ?? "", f);
    case "publications":
      return formatDate(doc.publications[i]?.releaseDate ?? "", f);
    default: {
      const item = doc.custom.find((c) => `custom:${c.id}` === key)?.items[i];
      return item ? formatRange(item.start, item.end, f) : "";
    }
  }
}

/** A long line cut into pieces of about `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

function CvPdf({ doc, broken = {} }: { doc: CvDocument; broken?: Breakage }) {
  const fields = printedFields(doc);
  const b = doc.basics;
  const contact = [broken.withoutEmail ? "" : b.email, b.phone, b.location.city, b.url].filter(Boolean).join("  |  ");
  const basics = fields.filter((f) => f.section === "basics").map((f) => f.value);
  const paper = doc.settings.paper === "Letter" ? "LETTER" : "A4";
  if (broken.scanned) {
    return (
      <Document title={`${b.name} CV`}>
        <Page size={paper} style={styles.page}>
          <Image src={broken.scanned} style={{ width: 400, height: 560 }} />
        </Page>
      </Document>
    );
  }
  return (
    <Document title={`${b.name} CV`} author={b.name}>
      <Page size={paper} style={styles.page}>
        {broken.photo && <Image src={broken.photo} style={{ width: 60, height: 60 }} />}
        <Text style={styles.name}>{b.name}</Text>
        {basics.map((v, i) => (
          <Text key={i}>{v}</Text>
        ))}
        <Text>{contact}</Text>
        {printedSections(doc).map((key) => {
          const entries = entryLines(doc, key, fields);
          return (
            <View key={key}>
              {!broken.withoutHeadings?.includes(key) && <Text style={styles.heading}>{sectionTitle(doc, key)}</Text>}
              {key === "references" && doc.references.mode === "on-request" && (
                <Text>References available on request.</Text>
              )}
              {key === "work" && broken.workInTwoColumns ? (
                <SideBySide entries={entries} />
              ) : (
                entries.map((lines, i) => <Entry key={i} lines={lines} />)
              )}
            </View>
          );
        })}
      </Page>
    </Document>
  );
}

function Entry({ lines }: { lines: Line[] }) {
  return (
    <View wrap={false}>
      {lines.map((l, i) => (
        <Text key={i} style={l.bold ? styles.entryTitle : undefined}>
          {l.text}
        </Text>
      ))}
    </View>
  );
}

/** Two entries a row: each row draws its left line, then its right one, as a table does. */
function SideBySide({ entries }: { entries: Line[][] }) {
  const rows: [Line[], Line[]][] = [];
  for (let i = 0; i < entries.length; i += 2) rows.push([entries[i]!, entries[i + 1] ?? []]);
  return (
    <>
      {rows.map(([left, right], r) => {
        const l = left.flatMap((line) => wrap(line.text, 45));
        const rr = right.flatMap((line) => wrap(line.text, 45));
        return Array.from({ length: Math.max(l.length, rr.length) }, (_, i) => (
          <View key={`${r}-${i}`} style={styles.row}>
            <Text style={styles.cell}>{l[i] ?? " "}</Text>
            <Text style={styles.cell}>{rr[i] ?? " "}</Text>
          </View>
        ));
      })}
    </>
  );
}

export function renderTestPdf(doc: CvDocument, broken?: Breakage): Promise<Buffer> {
  return renderToBuffer(<CvPdf doc={doc} broken={broken} />);
}
