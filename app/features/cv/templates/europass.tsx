import { type CvDocument, type CvSettings, printedSections } from "../document";
import { entriesOf } from "./content";
import { CEFR_SCALE, cefrLabel, contactItems, documentTitle } from "./format";
import { INK, MUTED, RULE, baseStyles, palette } from "./palette";
import { type BaseSheet, LayoutProvider, PartText, Section } from "./parts";
import { usePrimitives } from "./primitives";
import type { CvTemplate, TemplateProps } from "./types";

const SIZE = 9.2;
const LABEL = 96;

function createStyles(settings: CvSettings) {
  const { accent, accentText } = palette(settings);
  const base = baseStyles(settings, SIZE);
  const cell = {
    flexGrow: 1,
    flexShrink: 1,
    flexBasis: 0,
    paddingTop: 3,
    paddingBottom: 3,
    paddingLeft: 2,
    paddingRight: 2,
    textAlign: "center",
  } as const;
  return {
    ...base,
    page: {
      paddingTop: 36,
      paddingBottom: 38,
      paddingLeft: 40,
      paddingRight: 44,
      fontSize: SIZE,
      lineHeight: 1.3,
      color: INK,
    },
    header: {
      flexDirection: "row",
      alignItems: "flex-start",
      marginBottom: 6,
      paddingBottom: 10,
      borderBottomWidth: 1,
      borderBottomStyle: "solid",
      borderBottomColor: accent,
    },
    photo: { width: 78, height: 96, objectFit: "cover", marginRight: 18 },
    identity: { flexGrow: 1, flexShrink: 1, flexBasis: 0 },
    name: { fontSize: 21, fontWeight: 700, lineHeight: 1.2, color: accentText },
    headline: { fontSize: 11, color: MUTED, marginBottom: 5 },
    contactRow: { flexDirection: "row", marginTop: 1 },
    contactLabel: { width: 64, color: MUTED, fontSize: 8.5, paddingTop: 0.5 },
    contactValue: { flexGrow: 1, flexShrink: 1, flexBasis: 0 },
    section: { marginTop: 7 },
    heading: {
      fontSize: 10.5,
      fontWeight: 700,
      textTransform: "uppercase",
      letterSpacing: 0.6,
      color: accentText,
      marginBottom: 5,
      paddingBottom: 2,
      borderBottomWidth: 0.75,
      borderBottomStyle: "solid",
      borderBottomColor: accent,
    },
    indent: { paddingLeft: LABEL },
    entryHead: { flexDirection: "row", marginBottom: 2 },
    entryRest: { paddingLeft: LABEL },
    entryGap: { marginTop: 5 },
    // Sections without entries (profile, skills, interests) sit in the entries' text column.
    paraIndent: { ...base.para, paddingLeft: LABEL },
    lineIndent: { ...base.line, paddingLeft: LABEL },
    bulletRowIndent: { ...base.bulletRow, paddingLeft: LABEL },
    entryDateCol: { width: LABEL, paddingRight: 8 },
    entryDates: { color: accentText, fontSize: 8.5, textAlign: "right", paddingTop: 0.5 },
    entryBody: { flexGrow: 1, flexShrink: 1, flexBasis: 0 },
    grid: { marginTop: 3, marginBottom: 3, borderTopWidth: 0.75, borderTopStyle: "solid", borderTopColor: RULE },
    gridRow: {
      flexDirection: "row",
      borderBottomWidth: 0.75,
      borderBottomStyle: "solid",
      borderBottomColor: RULE,
      alignItems: "center",
    },
    gridHeadRow: {
      flexDirection: "row",
      borderBottomWidth: 0.75,
      borderBottomStyle: "solid",
      borderBottomColor: RULE,
      alignItems: "flex-end",
      backgroundColor: "#f3f4f6",
    },
    gridLang: { width: 110, paddingTop: 3, paddingBottom: 3, paddingLeft: 3, paddingRight: 4 },
    gridLangHead: {
      width: 110,
      paddingTop: 3,
      paddingBottom: 3,
      paddingLeft: 3,
      paddingRight: 4,
      fontSize: 7.5,
      fontWeight: 700,
      color: MUTED,
    },
    gridGroup: { ...cell, fontSize: 7.5, fontWeight: 700, textTransform: "uppercase", color: accentText },
    gridGroup2: { ...cell, flexGrow: 2, fontSize: 7.5, fontWeight: 700, textTransform: "uppercase", color: accentText },
    gridHead: { ...cell, fontSize: 7.5, color: MUTED },
    gridCell: { ...cell, fontWeight: 700 },
    gridFluency: { fontSize: 8, color: MUTED },
    gridNote: { fontSize: 7.5, color: MUTED, marginTop: 2 },
  } as const;
}
type Sheet = ReturnType<typeof createStyles>;

/** The Europass grid's five skills, under its three headings. */
const GRID = ["Listening", "Reading", "Spoken production", "Spoken interaction", "Writing"] as const;

function LanguageGrid({ doc, s }: { doc: CvDocument; s: Sheet }) {
  const { View, Text } = usePrimitives();
  const natives = doc.languages.filter((l) => l.cefr === "native");
  const others = doc.languages.filter((l) => l.cefr !== "native");
  return (
    <View style={s.indent}>
      {natives.length > 0 && (
        <Text style={s.para}>
          <Text style={s.bold}>{cefrLabel("native")}: </Text>
          {natives.map((l) => l.language.trim()).join(", ")}
        </Text>
      )}
      {others.length > 0 && (
        <View style={s.grid} wrap={false}>
          <View style={s.gridHeadRow}>
            <Text style={s.gridLangHead}>Other languages</Text>
            <Text style={s.gridGroup2}>Understanding</Text>
            <Text style={s.gridGroup2}>Speaking</Text>
            <Text style={s.gridGroup}>Writing</Text>
          </View>
          <View style={s.gridHeadRow}>
            <Text style={s.gridLang}> </Text>
            {GRID.map((skill) => (
              <Text key={skill} style={s.gridHead}>
                {skill}
              </Text>
            ))}
          </View>
          {others.map((l) => (
            <View key={l.id} style={s.gridRow}>
              <View style={s.gridLang}>
                <Text style={s.bold}>{l.language.trim()}</Text>
                {l.fluency.trim() && <Text style={s.gridFluency}>{l.fluency.trim()}</Text>}
              </View>
              {GRID.map((skill) => (
                <Text key={skill} style={s.gridCell}>
                  {l.cefr || "–"}
                </Text>
              ))}
            </View>
          ))}
          <Text style={s.gridNote}>{CEFR_SCALE}</Text>
        </View>
      )}
    </View>
  );
}

/** Europass-style CV: an optional photo beside the name, dates in a column, the CEFR language grid. */
function EuropassCv({ doc, s: sheet, photo }: TemplateProps) {
  const { Page, View, Text, Image } = usePrimitives();
  const s = sheet as Sheet;
  const { basics } = doc;
  const layout = { s: s as BaseSheet, keepLine: 27, datesFirst: true };
  const indented = {
    ...layout,
    s: { ...s, para: s.paraIndent, line: s.lineIndent, bulletRow: s.bulletRowIndent } as BaseSheet,
  };
  return (
    <Page
      paper={doc.settings.paper}
      font={doc.settings.font}
      title={documentTitle(doc)}
      author={basics.name.trim()}
      style={s.page}
    >
      <LayoutProvider value={layout}>
        <View style={s.header}>
          {photo && <Image src={photo} alt={`Photo of ${basics.name.trim() || "the applicant"}`} style={s.photo} />}
          <View style={s.identity}>
            {basics.name.trim() && <Text style={s.name}>{basics.name.trim()}</Text>}
            {basics.headline.trim() && <Text style={s.headline}>{basics.headline.trim()}</Text>}
            {contactItems(basics).map((c, i) => (
              <View key={i} style={s.contactRow}>
                <Text style={s.contactLabel}>{c.label}</Text>
                <Text style={s.contactValue}>
                  <PartText
                    part={{
                      text: c.kind === "profile" ? c.text.replace(/^[^:]*:\s*/, "") : c.text,
                      ...(c.href && { href: c.href }),
                    }}
                  />
                </Text>
              </View>
            ))}
          </View>
        </View>
        {printedSections(doc).map((key) => {
          if (key === "languages") {
            return (
              <Section key={key} doc={doc} sectionKey={key}>
                <LanguageGrid doc={doc} s={s} />
              </Section>
            );
          }
          if (entriesOf(doc, key).length > 0) return <Section key={key} doc={doc} sectionKey={key} />;
          return (
            <LayoutProvider key={key} value={indented}>
              <Section doc={doc} sectionKey={key} />
            </LayoutProvider>
          );
        })}
      </LayoutProvider>
    </Page>
  );
}

export const europass: CvTemplate = {
  id: "europass",
  photo: true,
  createStyles,
  Component: EuropassCv,
  readingOrder: printedSections,
  datesFirst: true,
};
