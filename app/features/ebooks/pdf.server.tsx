import { Document, Link, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { Marked, type Token, type Tokens } from "marked";
import type { ReactNode } from "react";
import type { CountryGuidePage } from "~/db/schema";
import { pageTitleOf, type GuidePage } from "~/features/country-guides";
import type { GuideLink } from "~/features/country-guides/index.server";
import { loadFonts, registerFonts } from "~/features/cv/index.server";
import { FONT_FAMILY } from "~/features/cv";
import { formatDate } from "~/lib/dates";
import type { Ebook } from "./catalogue";

registerFonts();

// The CV builder's Noto Sans, so the e-book needs no font of its own.
const FONT = FONT_FAMILY.sans;
const INK = "#1f2937";
const BRAND = "#1d4ed8";

const s = StyleSheet.create({
  page: {
    fontFamily: FONT,
    fontSize: 10.5,
    lineHeight: 1.45,
    color: INK,
    paddingTop: 56,
    paddingBottom: 64,
    paddingHorizontal: 56,
  },
  cover: { fontFamily: FONT, color: "#ffffff", backgroundColor: BRAND, padding: 64, justifyContent: "space-between" },
  coverTitle: { fontSize: 30, fontWeight: 700, lineHeight: 1.2 },
  coverLine: { fontSize: 13, marginTop: 14 },
  h1: { fontSize: 20, fontWeight: 700, marginBottom: 6, color: BRAND },
  h2: { fontSize: 14, fontWeight: 700, marginTop: 14, marginBottom: 4 },
  h3: { fontSize: 12, fontWeight: 700, marginTop: 10, marginBottom: 3 },
  meta: { fontSize: 9, color: "#4b5563", marginBottom: 10 },
  p: { marginBottom: 6 },
  li: { flexDirection: "row", marginBottom: 3 },
  bullet: { width: 16 },
  liBody: { flex: 1 },
  quote: { borderLeftWidth: 3, borderLeftColor: "#9ca3af", paddingLeft: 8, marginBottom: 6, color: "#374151" },
  link: { color: BRAND, textDecoration: "underline" },
  box: { borderWidth: 1.5, borderColor: "#b45309", backgroundColor: "#fffbeb", padding: 8, marginBottom: 10 },
  boxTitle: { fontWeight: 700, marginBottom: 4 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#d1d5db", paddingVertical: 2 },
  cell: { flex: 1, paddingRight: 6, fontSize: 9.5 },
  head: { fontWeight: 700 },
  footer: {
    position: "absolute",
    bottom: 28,
    left: 56,
    right: 56,
    fontSize: 8.5,
    color: "#6b7280",
    flexDirection: "row",
    justifyContent: "space-between",
  },
  toc: { flexDirection: "row", justifyContent: "space-between", marginBottom: 5 },
});

const lexer = new Marked({ gfm: true });

/** A run of inline Markdown (text, emphasis, links) as react-pdf text. */
function inline(tokens: Token[] | undefined, key = "i"): ReactNode[] {
  return (tokens ?? []).map((t, i) => {
    const k = `${key}.${i}`;
    switch (t.type) {
      case "strong":
        return (
          <Text key={k} style={s.head}>
            {inline((t as Tokens.Strong).tokens, k)}
          </Text>
        );
      case "em":
        return (
          <Text key={k} style={{ fontStyle: "italic" }}>
            {inline((t as Tokens.Em).tokens, k)}
          </Text>
        );
      case "link": {
        const link = t as Tokens.Link;
        return (
          <Link key={k} src={link.href} style={s.link}>
            {inline(link.tokens, k)}
          </Link>
        );
      }
      case "codespan":
        return <Text key={k}>{(t as Tokens.Codespan).text}</Text>;
      case "br":
        return <Text key={k}>{"\n"}</Text>;
      case "text": {
        const text = t as Tokens.Text;
        return text.tokens ? <Text key={k}>{inline(text.tokens, k)}</Text> : <Text key={k}>{decode(text.text)}</Text>;
      }
      default:
        return <Text key={k}>{"text" in t ? decode(String(t.text)) : t.raw}</Text>;
    }
  });
}

/** marked leaves HTML entities in text (&amp;, &#39;): the PDF wants the characters. */
const decode = (text: string) =>
  text
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'");

/** The blocks of a page's Markdown: headings, paragraphs, lists, tables and quotes. */
function blocks(tokens: Token[], key = "b"): ReactNode[] {
  return tokens.map((t, i) => {
    const k = `${key}.${i}`;
    switch (t.type) {
      case "heading": {
        const h = t as Tokens.Heading;
        return (
          <Text key={k} style={h.depth <= 2 ? s.h2 : s.h3} minPresenceAhead={40}>
            {inline(h.tokens, k)}
          </Text>
        );
      }
      case "paragraph":
        return (
          <Text key={k} style={s.p}>
            {inline((t as Tokens.Paragraph).tokens, k)}
          </Text>
        );
      case "list": {
        const list = t as Tokens.List;
        const start = typeof list.start === "number" ? list.start : 1;
        return (
          <View key={k} style={{ marginBottom: 6 }}>
            {list.items.map((item, n) => (
              <View key={`${k}.${n}`} style={s.li} wrap={false}>
                <Text style={s.bullet}>{list.ordered ? `${start + n}.` : "•"}</Text>
                <View style={s.liBody}>
                  {item.tokens.some((x) => x.type !== "text") ? (
                    blocks(item.tokens, `${k}.${n}`)
                  ) : (
                    <Text>{inline(item.tokens, `${k}.${n}`)}</Text>
                  )}
                </View>
              </View>
            ))}
          </View>
        );
      }
      case "table": {
        const table = t as Tokens.Table;
        return (
          <View key={k} style={{ marginBottom: 8 }}>
            <View style={s.row}>
              {table.header.map((cell, c) => (
                <Text key={c} style={[s.cell, s.head]}>
                  {inline(cell.tokens, `${k}.h${c}`)}
                </Text>
              ))}
            </View>
            {table.rows.map((row, r) => (
              <View key={r} style={s.row} wrap={false}>
                {row.map((cell, c) => (
                  <Text key={c} style={s.cell}>
                    {inline(cell.tokens, `${k}.${r}.${c}`)}
                  </Text>
                ))}
              </View>
            ))}
          </View>
        );
      }
      case "blockquote":
        return (
          <View key={k} style={s.quote}>
            {blocks((t as Tokens.Blockquote).tokens, k)}
          </View>
        );
      case "text":
        return (
          <Text key={k} style={s.p}>
            {inline((t as Tokens.Text).tokens ?? [t], k)}
          </Text>
        );
      default:
        // Spaces, rules and anything the guides do not use.
        return null;
    }
  });
}

function Footer({ title }: { title: string }) {
  return (
    <View style={s.footer} fixed>
      <Text>{title}</Text>
      <Text render={({ pageNumber, totalPages }) => `${pageNumber} of ${totalPages}`} />
    </View>
  );
}

function Section({ page, ebook, origin }: { page: CountryGuidePage; ebook: Ebook; origin: string }) {
  return (
    <Page size="A4" style={s.page} bookmark={{ title: pageTitleOf(page.page as GuidePage), fit: true }}>
      <Text style={s.h1}>{page.title}</Text>
      <Text style={s.meta}>{`Last reviewed ${formatDate(page.reviewedOn)}`}</Text>
      {page.rules.length ? (
        <View style={s.box} wrap={false}>
          <Text style={s.boxTitle}>Rules that change, and the dates they apply from</Text>
          {page.rules.map((r) => (
            <View key={r.rule} style={s.row}>
              <Text style={[s.cell, { flex: 3 }]}>{r.rule}</Text>
              <Text style={s.cell}>{formatDate(r.from)}</Text>
              <Link src={r.source} style={[s.cell, s.link]}>
                {new URL(r.source).hostname}
              </Link>
            </View>
          ))}
        </View>
      ) : null}
      {/* The site's own addresses are relative in the guides: in a file they need the site's. */}
      {blocks(lexer.lexer(page.bodyMarkdown.replaceAll("](/", `](${origin}/`)))}
      <Text style={s.h2} minPresenceAhead={40}>
        Official sources
      </Text>
      {page.sources.map((source) => (
        <View key={source.url} style={s.li}>
          <Text style={s.bullet}>•</Text>
          <Link src={source.url} style={[s.liBody, s.link]}>
            {`${source.title}: ${source.url}`}
          </Link>
        </View>
      ))}
      <Footer title={ebook.title} />
    </Page>
  );
}

/** The last page: what each section the e-book leaves out covers, and its address on the site. */
function OnTheSite({ sections, ebook, origin }: { sections: GuideLink[]; ebook: Ebook; origin: string }) {
  return (
    <Page size="A4" style={s.page} bookmark={{ title: "The sections, on the site", fit: true }}>
      <Text style={s.h1}>The sections, on the site</Text>
      <Text style={s.p}>
        The guide goes on in these sections, each dated and linked to its official sources. They are for students whose
        university includes the country guides: log in with your university account to read them.
      </Text>
      {sections.map((section) => (
        <View key={section.page} style={{ marginBottom: 8 }} wrap={false}>
          <Link src={`${origin}/country-guide/${ebook.country}/${section.page}`} style={[s.h3, s.link]}>
            {section.title}
          </Link>
          <Text>{section.summary}</Text>
        </View>
      ))}
      <Footer title={ebook.title} />
    </Page>
  );
}

/**
 * The e-book of a guide: a cover, the contents, then each public page of the guide in the guide's
 * order, then what the other pages cover, with PDF bookmarks. Real text with embedded Noto Sans;
 * links stay links.
 */
export async function renderEbookPdf(
  ebook: Ebook,
  guide: { open: CountryGuidePage[]; closed: GuideLink[] },
  origin: string,
): Promise<Buffer> {
  await loadFonts({ main: [FONT], rtl: [FONT] });
  const reviewed = guide.open
    .map((p) => p.reviewedOn)
    .sort()
    .at(-1)!;
  const contents = [...guide.open.map((p) => p.title), ...(guide.closed.length ? ["The sections, on the site"] : [])];
  return renderToBuffer(
    <Document title={ebook.title} author="Career Platform" subject={ebook.summary} language="en-GB">
      <Page size="A4" style={s.cover}>
        <View>
          <Text style={s.coverTitle}>{ebook.title}</Text>
          <Text style={s.coverLine}>The overview of a country guide for international graduates</Text>
        </View>
        <View>
          <Text
            style={s.coverLine}
          >{`Reviewed ${formatDate(reviewed)}. Rules change: check each official source before you rely on it.`}</Text>
          <Text style={s.coverLine}>Career Platform</Text>
        </View>
      </Page>
      <Page size="A4" style={s.page}>
        <Text style={s.h1}>Contents</Text>
        {contents.map((title, i) => (
          <View key={title} style={s.toc}>
            <Text>{`${i + 1}. ${title}`}</Text>
          </View>
        ))}
        <Text style={[s.meta, { marginTop: 12 }]}>
          Each page gives the date its facts were last checked and the official pages they come from.
        </Text>
        <Footer title={ebook.title} />
      </Page>
      {guide.open.map((p) => (
        <Section key={p.page} page={p} ebook={ebook} origin={origin} />
      ))}
      {guide.closed.length ? <OnTheSite sections={guide.closed} ebook={ebook} origin={origin} /> : null}
    </Document>,
  );
}
