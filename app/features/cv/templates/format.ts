import { displayPhone } from "~/features/phone";
import { type CvBasics, type CvDocument, type CefrLevel, type SectionKey, sectionTitle } from "../document";

/** How an address prints: without the scheme and a trailing slash ("github.com/amara-o"). */
export function displayUrl(url: string): string {
  return url.replace(/^(https?:\/\/|mailto:)/i, "").replace(/\/$/, "");
}

let regionNames: Intl.DisplayNames | null = null;
/** A country's English name from its ISO code ("GB" → "United Kingdom"), or the code as written. */
export function countryName(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    regionNames ??= new Intl.DisplayNames(["en-GB"], { type: "region" });
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Town, region and country: a CV gives where someone lives, not the street. */
export function locationText(location: CvBasics["location"]): string {
  return [location.city, location.region, location.countryCode ? countryName(location.countryCode) : ""]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(", ");
}

export type ContactItem = {
  kind: "email" | "phone" | "location" | "url" | "profile";
  label: string;
  text: string;
  href?: string;
};

/** The contact details in the order every template prints them: email, phone, location, website, profiles. */
export function contactItems(basics: CvBasics): ContactItem[] {
  const items: ContactItem[] = [];
  if (basics.email.trim())
    items.push({ kind: "email", label: "Email", text: basics.email.trim(), href: `mailto:${basics.email.trim()}` });
  if (basics.phone.trim())
    items.push({
      kind: "phone",
      label: "Phone",
      text: displayPhone(basics.phone),
      href: `tel:${basics.phone.replace(/[^\d+]/g, "")}`,
    });
  const location = locationText(basics.location);
  if (location) items.push({ kind: "location", label: "Location", text: location });
  if (basics.url) items.push({ kind: "url", label: "Website", text: displayUrl(basics.url), href: basics.url });
  for (const p of basics.profiles) {
    const text = profileText(p);
    if (text)
      items.push({ kind: "profile", label: p.network.trim() || "Profile", text, ...(p.url && { href: p.url }) });
  }
  return items;
}

export function profileText(p: CvBasics["profiles"][number]): string {
  if (p.network.trim() && p.username.trim()) return `${p.network.trim()}: ${p.username.trim()}`;
  if (p.url) return displayUrl(p.url);
  return [p.network, p.username]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(": ");
}

/** The words for a CEFR level: "native" reads "Mother tongue" as Europass writes it. */
export function cefrLabel(level: CefrLevel | ""): string {
  return level === "native" ? "Mother tongue" : level;
}

export const CEFR_SCALE =
  "Levels: A1 and A2: basic user; B1 and B2: independent user; C1 and C2: proficient user (Common European Framework of Reference for Languages)";

/** The document's title: "Amara Okafor CV". */
export function documentTitle(doc: CvDocument): string {
  const name = doc.basics.name.trim();
  return name ? `${name} CV` : "CV";
}

export function titleOf(doc: CvDocument, key: SectionKey): string {
  return sectionTitle(doc, key);
}

/** A colour that reads on `background` (#rrggbb): near-black on light colours, white on dark ones. */
export function readableOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(background.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White wins while its contrast beats near-black's (#111827, luminance about 0.011).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.061 ? "#ffffff" : "#111827";
}

/** A darker shade of an accent for text on white, so a pale accent still reads. */
export function accentText(accent: string): string {
  return readableOn(accent) === "#ffffff" ? accent : "#374151";
}
