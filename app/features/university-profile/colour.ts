/**
 * WCAG 2 contrast, for the brand colour: the microsite sets white text on it (the header, buttons),
 * so a colour is taken only when white on it reaches 4.5:1, the AA level for normal text.
 */
export const MIN_WHITE_TEXT_CONTRAST = 4.5;

const HEX_COLOUR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** A channel of 0–255 as linear light (sRGB's transfer function undone). */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG's relative luminance of `#rrggbb`: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const m = HEX_COLOUR.exec(hex);
  if (!m) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => linear(parseInt(h, 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two `#rrggbb` colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

export const whiteTextContrast = (hex: string) => contrastRatio("#ffffff", hex);

/** A ratio for people, rounded down so that 4.49 is never shown as 4.5: "4.4:1". */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}
