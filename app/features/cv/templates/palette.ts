import type { CvSettings } from "../document";
import { accentText, readableOn } from "./format";

export const INK = "#111827";
export const MUTED = "#4b5563";
export const RULE = "#d1d5db";

export function palette(settings: CvSettings) {
  return { accent: settings.accent, accentText: accentText(settings.accent), onAccent: readableOn(settings.accent) };
}

/** Shared base styles; a template spreads its own over them. */
export function baseStyles(settings: CvSettings, size: number) {
  const { accentText } = palette(settings);
  return {
    para: { marginBottom: 2.5 },
    bold: { fontWeight: 700 },
    italic: { fontStyle: "italic" },
    link: { color: accentText, textDecoration: "none" },
    bulletRow: { flexDirection: "row", marginBottom: 1.5 },
    bullet: { width: size * 1.1, paddingLeft: 2 },
    bulletText: { flexGrow: 1, flexShrink: 1, flexBasis: 0 },
    entryHead: { marginBottom: 2 },
    entryRest: {},
    entryGap: { marginTop: size * 0.7 },
    entryTitleRow: { flexDirection: "row", alignItems: "flex-start" },
    entryTitle: { fontWeight: 700, flexGrow: 1, flexShrink: 1, flexBasis: 0 },
    entryDates: { color: MUTED, marginLeft: 10, textAlign: "right" },
    entrySub: { color: MUTED },
    line: { marginBottom: 2.5 },
    lineLabel: { fontWeight: 700 },
  } as const;
}

/** A section heading in the accent colour over a thin rule (the UK and modern templates'). */
export const ruledHeading = (color: string) =>
  ({
    fontSize: 11.5,
    fontWeight: 700,
    color,
    marginBottom: 5,
    paddingBottom: 2,
    borderBottomWidth: 0.75,
    borderBottomStyle: "solid",
    borderBottomColor: RULE,
  }) as const;
