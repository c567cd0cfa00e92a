/**
 * The CV's fonts, as both renderers name them. The PDF embeds open-licence Noto fonts from npm packages
 * (see pdf/fonts.server.ts); the preview asks the browser for the same families by name, then falls back
 * to the system's fonts.
 */
export const FONT_FAMILY = {
  /** Noto Sans: Latin, Greek, Cyrillic and Devanagari. */
  sans: "cv-sans",
  /** Noto Serif: Latin, Greek, Cyrillic. */
  serif: "cv-serif",
  /** Noto Sans SC: Chinese (and the kana and hangul it holds). */
  cjk: "cv-cjk",
  /** Noto Naskh Arabic. */
  arabic: "cv-arabic",
} as const;

export const CSS_FONT_STACK = {
  sans: '"Noto Sans", "Noto Sans SC", "Noto Naskh Arabic", "Noto Sans Devanagari", Arial, Helvetica, sans-serif',
  serif:
    '"Noto Serif", "Noto Serif SC", "Noto Naskh Arabic", "Noto Serif Devanagari", Georgia, "Times New Roman", serif',
} as const;

// Hebrew, Arabic, Syriac, Thaana, N'Ko and the Arabic presentation forms: the scripts written right to left.
const RTL_CHARS = "\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF";
/** A stretch of right-to-left text: RTL letters and the spaces between them (not the spaces around). */
export const RTL_RUN = new RegExp(`[${RTL_CHARS}](?:[${RTL_CHARS}\\s\\u200c\\u200d]*[${RTL_CHARS}])?`, "g");
export const HAS_RTL = new RegExp(`[${RTL_CHARS}]`);
/** Han, kana, hangul and CJK punctuation and forms. */
export const HAS_CJK =
  /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|[\uD840-\uD87F][\uDC00-\uDFFF]/;
/** Devanagari and the other Indic scripts (Noto Sans holds Devanagari). */
export const HAS_INDIC = /[\u0900-\u0DFF]/;
