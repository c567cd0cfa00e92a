import { type CvSettings, printedSections } from "../document";
import { documentTitle } from "./format";
import { INK, MUTED, baseStyles, palette, ruledHeading } from "./palette";
import { type BaseSheet, LayoutProvider, NameHeader, Section } from "./parts";
import { usePrimitives } from "./primitives";
import type { CvTemplate, TemplateProps } from "./types";

const SIZE = 10;

function createStyles(settings: CvSettings) {
  const { accent, accentText } = palette(settings);
  return {
    ...baseStyles(settings, SIZE),
    page: {
      paddingTop: 46,
      paddingBottom: 46,
      paddingLeft: 52,
      paddingRight: 52,
      fontSize: SIZE,
      lineHeight: 1.35,
      color: INK,
    },
    header: {
      paddingBottom: 9,
      marginBottom: 4,
      borderBottomWidth: 1.5,
      borderBottomStyle: "solid",
      borderBottomColor: accent,
    },
    name: { fontSize: 22, fontWeight: 700, lineHeight: 1.2, color: accentText },
    headline: { fontSize: 11.5, color: MUTED, marginTop: 1 },
    contact: { fontSize: 9, color: MUTED, marginTop: 5 },
    section: { marginTop: 10 },
    heading: ruledHeading(accentText),
  } as const;
}

/** UK CV: one clean column; no photo and no date of birth, as UK employers expect. */
function UkCv({ doc, s: sheet }: TemplateProps) {
  const { Page } = usePrimitives();
  const s = sheet as ReturnType<typeof createStyles>;
  const { basics } = doc;
  return (
    <Page
      paper={doc.settings.paper}
      font={doc.settings.font}
      title={documentTitle(doc)}
      author={basics.name.trim()}
      style={s.page}
    >
      <LayoutProvider value={{ s: s as BaseSheet, keepLine: 30 }}>
        <NameHeader basics={basics} s={s} />
        {printedSections(doc).map((key) => (
          <Section key={key} doc={doc} sectionKey={key} />
        ))}
      </LayoutProvider>
    </Page>
  );
}

export const uk: CvTemplate = {
  id: "uk",
  photo: false,
  createStyles,
  Component: UkCv,
  readingOrder: printedSections,
  datesFirst: false,
};
