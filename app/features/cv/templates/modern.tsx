import { type CvDocument, type CvSettings, type SectionKey, printedSections } from "../document";
import { LINE_SECTIONS } from "./content";
import { contactItems, documentTitle } from "./format";
import { INK, MUTED, baseStyles, palette, ruledHeading } from "./palette";
import { type BaseSheet, LayoutProvider, PartText, Section } from "./parts";
import { usePrimitives } from "./primitives";
import type { CvTemplate, TemplateProps } from "./types";

const SIZE = 9.5;
const SIDE = 182;

function createStyles(settings: CvSettings) {
  const { accent, accentText, onAccent } = palette(settings);
  const base = baseStyles(settings, SIZE);
  return {
    ...base,
    // No side margins: the coloured column runs to the paper's edge; top and bottom margins repeat on every page.
    page: {
      paddingTop: 34,
      paddingBottom: 34,
      paddingLeft: 0,
      paddingRight: 0,
      fontSize: SIZE,
      lineHeight: 1.35,
      color: INK,
    },
    sideBackground: { position: "absolute", top: 0, bottom: 0, left: 0, width: SIDE, backgroundColor: accent },
    columns: { flexDirection: "row", flexGrow: 1 },
    side: { width: SIDE, paddingLeft: 20, paddingRight: 16, color: onAccent },
    main: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingLeft: 24, paddingRight: 36 },
    photo: { width: 96, height: 96, borderRadius: 48, objectFit: "cover", marginBottom: 12, alignSelf: "center" },
    name: { fontSize: 19, fontWeight: 700, lineHeight: 1.2, color: onAccent },
    headline: { fontSize: 10, marginTop: 3, color: onAccent },
    contactItem: { fontSize: 8.5, marginBottom: 3 },
    // Side column: headings and links in the column's own colour.
    sideSection: { marginTop: 14 },
    sideHeading: {
      fontSize: 9.5,
      fontWeight: 700,
      textTransform: "uppercase",
      letterSpacing: 0.8,
      color: onAccent,
      marginBottom: 5,
      paddingBottom: 2,
      borderBottomWidth: 0.75,
      borderBottomStyle: "solid",
      borderBottomColor: onAccent,
    },
    sideLink: { color: onAccent, textDecoration: "none" },
    sideLine: { fontSize: 8.5, marginBottom: 4 },
    sidePara: { fontSize: 8.5, marginBottom: 2.5 },
    section: { marginTop: 12 },
    heading: ruledHeading(accentText),
    entrySub: { ...base.entrySub, color: MUTED },
  } as const;
}
type Sheet = ReturnType<typeof createStyles>;

/** Sections that sit in the coloured column (with the contact details); the rest fill the main one. */
const SIDE_SECTIONS: readonly SectionKey[] = LINE_SECTIONS;

/**
 * Reading order: the side column comes first in the content stream (name, headline, contact details,
 * then skills, languages and interests), then the main column. A machine reads the name and contact
 * details first, as it would on a one-column CV, and never gets the columns' lines interleaved.
 */
function readingOrder(doc: CvDocument): SectionKey[] {
  const printed = printedSections(doc);
  return [...printed.filter((k) => SIDE_SECTIONS.includes(k)), ...printed.filter((k) => !SIDE_SECTIONS.includes(k))];
}

/** Modern: a coloured side column with contact details, skills, languages and interests. */
function ModernCv({ doc, s: sheet, photo }: TemplateProps) {
  const { Page, View, Text, Image } = usePrimitives();
  const s = sheet as Sheet;
  const { basics } = doc;
  const printed = readingOrder(doc);
  const sideSheet = {
    ...s,
    section: s.sideSection,
    heading: s.sideHeading,
    link: s.sideLink,
    line: s.sideLine,
    para: s.sidePara,
  };
  return (
    <Page
      paper={doc.settings.paper}
      font={doc.settings.font}
      title={documentTitle(doc)}
      author={basics.name.trim()}
      style={s.page}
    >
      <View style={s.sideBackground} fixed />
      <View style={s.columns}>
        <View style={s.side}>
          <LayoutProvider value={{ s: sideSheet as BaseSheet, keepLine: 25 }}>
            {photo && <Image src={photo} alt={`Photo of ${basics.name.trim() || "the applicant"}`} style={s.photo} />}
            {basics.name.trim() && <Text style={s.name}>{basics.name.trim()}</Text>}
            {basics.headline.trim() && <Text style={s.headline}>{basics.headline.trim()}</Text>}
            {contactItems(basics).length > 0 && (
              <View style={s.sideSection}>
                <Text style={s.sideHeading}>Contact</Text>
                {contactItems(basics).map((c, i) => (
                  <Text key={i} style={s.contactItem}>
                    <PartText part={{ text: c.text, ...(c.href && { href: c.href }) }} />
                  </Text>
                ))}
              </View>
            )}
            {printed
              .filter((k) => SIDE_SECTIONS.includes(k))
              .map((key) => (
                <Section key={key} doc={doc} sectionKey={key} />
              ))}
          </LayoutProvider>
        </View>
        <View style={s.main}>
          <LayoutProvider value={{ s: s as BaseSheet, keepLine: 29 }}>
            {printed
              .filter((k) => !SIDE_SECTIONS.includes(k))
              .map((key) => (
                <Section key={key} doc={doc} sectionKey={key} />
              ))}
          </LayoutProvider>
        </View>
      </View>
    </Page>
  );
}

export const modern: CvTemplate = {
  id: "modern",
  photo: true,
  createStyles,
  Component: ModernCv,
  readingOrder,
  datesFirst: false,
};
