import { type CvSettings, printedSections } from "../document";
import { documentTitle } from "./format";
import { INK, MUTED, baseStyles, palette } from "./palette";
import { type BaseSheet, LayoutProvider, NameHeader, Section } from "./parts";
import { usePrimitives } from "./primitives";
import type { CvTemplate, TemplateProps } from "./types";

const SIZE = 9.5;

function createStyles(settings: CvSettings) {
  const { accentText } = palette(settings);
  const base = baseStyles(settings, SIZE);
  return {
    ...base,
    page: {
      paddingTop: 36,
      paddingBottom: 36,
      paddingLeft: 44,
      paddingRight: 44,
      fontSize: SIZE,
      lineHeight: 1.25,
      color: INK,
    },
    header: { alignItems: "center", marginBottom: 2 },
    name: {
      fontSize: 18,
      fontWeight: 700,
      lineHeight: 1.2,
      letterSpacing: 0.6,
      color: accentText,
      textAlign: "center",
    },
    headline: { fontSize: 10, color: MUTED, textAlign: "center" },
    contact: { fontSize: 8.5, color: MUTED, marginTop: 3, textAlign: "center" },
    section: { marginTop: 7 },
    heading: {
      fontSize: 10,
      fontWeight: 700,
      textTransform: "uppercase",
      letterSpacing: 0.8,
      color: accentText,
      marginBottom: 3,
      paddingBottom: 1,
      borderBottomWidth: 0.75,
      borderBottomStyle: "solid",
      borderBottomColor: INK,
    },
    para: { marginBottom: 1.5 },
    entryHead: { marginBottom: 1 },
    entryGap: { marginTop: 5 },
    entrySub: { ...base.entrySub, fontStyle: "italic" },
    bulletRow: { ...base.bulletRow, marginBottom: 0.5 },
    line: { marginBottom: 1.5 },
  } as const;
}

/** US résumé: compact, aiming at one page on Letter; no photo, no personal details beyond contact. */
function UsResume({ doc, s: sheet }: TemplateProps) {
  const { Page } = usePrimitives();
  const s = sheet as ReturnType<typeof createStyles>;
  const { basics } = doc;
  return (
    <Page
      paper={doc.settings.paper}
      font={doc.settings.font}
      title={documentTitle(doc).replace(/CV$/, "Résumé")}
      author={basics.name.trim()}
      style={s.page}
    >
      <LayoutProvider value={{ s: s as BaseSheet, keepLine: 26 }}>
        <NameHeader basics={basics} s={s} separator=" | " />
        {printedSections(doc).map((key) => (
          <Section key={key} doc={doc} sectionKey={key} />
        ))}
      </LayoutProvider>
    </Page>
  );
}

export const us: CvTemplate = {
  id: "us",
  photo: false,
  createStyles,
  Component: UsResume,
  readingOrder: printedSections,
  datesFirst: false,
};
