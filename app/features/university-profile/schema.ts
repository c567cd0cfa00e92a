import "~/lib/zod-jitless";
import { z } from "zod";
import { MIN_WHITE_TEXT_CONTRAST, formatRatio, whiteTextContrast } from "./colour";

/** The tabs of /university-user-profile/{type?}, in the order the page shows them; `account` when absent. */
export const PROFILE_TABS = [
  "account",
  "university",
  "branding",
  "team",
  "roster",
  "api-keys",
  "sso",
  "audit",
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The tab a path names, or null (the page answers 404) for any other value. */
export function tabOf(type: string | undefined): ProfileTab | null {
  if (type === undefined) return "account";
  return (PROFILE_TABS as readonly string[]).includes(type) ? (type as ProfileTab) : null;
}

/** The tab an address of its own names (/university-user-profile/roster, for its upload's body limit); none for the pattern with :type. */
export const tabOfPattern = (pattern: string) => /^\/university-user-profile\/([a-z][\w-]*)$/.exec(pattern)?.[1];

/** Where a tab lives: the account tab is the page's own address. */
export const tabPath = (tab: ProfileTab) =>
  tab === "account" ? "/university-user-profile" : `/university-user-profile/${tab}`;

// --- The admin's own account ---

export const ACCOUNT_FIELDS = ["name", "job_title"] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

export const accountSchema = z.object({
  name: z
    .string({ error: "Enter your name" })
    .trim()
    .min(1, "Enter your name")
    .max(100, "Your name is at most 100 characters"),
  job_title: z
    .string()
    .trim()
    .max(100, "A job title is at most 100 characters")
    .optional()
    .transform((v) => v || null),
});

// --- The university ---

export const MAX_EMAIL_DOMAINS = 20;

/**
 * A domain as an address ends: labels of letters, digits and inner hyphens (at most 63 characters
 * each), at least two of them, the last one letters (or an IDN's xn-- form), 253 characters in all.
 */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export const isEmailDomain = (value: string) => DOMAIN.test(value);

/**
 * The allowed email domains as typed (one per line, or separated by commas): lower-cased, a leading
 * "@" forgiven, duplicates removed, each a domain like demo.ac.uk, at most 20 (whether a university may
 * hold them is the server's to say: `firstUnclaimableDomain`, `domainsHeldElsewhere`). An empty list is
 * allowed: then nobody registers themselves, and students ask for access instead.
 */
export const emailDomainsField = z
  .string()
  .max(5_000, "The list is too long: at most 20 domains")
  .optional()
  .transform((text, ctx) => {
    const typed = (text ?? "")
      .split(/[\s,;]+/)
      .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean);
    for (const item of typed) {
      if (isEmailDomain(item)) continue;
      ctx.addIssue({
        code: "custom",
        message: item.includes("@")
          ? `“${item}” is an email address: write only what follows the @, like demo.ac.uk`
          : `“${item}” is not a domain: write it like demo.ac.uk`,
      });
      return z.NEVER;
    }
    const domains = [...new Set(typed)];
    if (domains.length > MAX_EMAIL_DOMAINS) {
      ctx.addIssue({ code: "custom", message: `At most ${MAX_EMAIL_DOMAINS} domains: the list has ${domains.length}` });
      return z.NEVER;
    }
    return domains;
  });

/** The careers website: an https address with a host name, kept as the URL parser writes it. */
export const careersUrlField = z
  .string()
  .trim()
  .max(2_000, "The address is at most 2,000 characters")
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({
        code: "custom",
        message: "Enter the full address of the careers website, like https://careers.demo.ac.uk",
      });
      return z.NEVER;
    }
    if (url.protocol !== "https:") {
      ctx.addIssue({ code: "custom", message: "The careers website must be an https:// address" });
      return z.NEVER;
    }
    if (url.username || url.password || !url.hostname.includes(".") || url.hostname.endsWith(".")) {
      ctx.addIssue({
        code: "custom",
        message: "Enter the full address of the careers website, like https://careers.demo.ac.uk",
      });
      return z.NEVER;
    }
    return url.href;
  });

export const UNIVERSITY_FIELDS = ["name", "email_domains", "careers_email", "careers_url"] as const;
export type UniversityField = (typeof UNIVERSITY_FIELDS)[number];

export const universitySchema = z.object({
  name: z
    .string({ error: "Enter the university's name" })
    .trim()
    .min(1, "Enter the university's name")
    .max(120, "The name is at most 120 characters"),
  email_domains: emailDomainsField,
  careers_email: z
    .string()
    .trim()
    .max(254, "Email addresses are at most 254 characters")
    .optional()
    .transform((v) => v ?? "")
    .pipe(
      z.union([
        z.literal(""),
        z.email("Enter the careers service's email address in the right format, like careers@demo.ac.uk"),
      ]),
    )
    .transform((v) => v || null),
  careers_url: careersUrlField,
});

// --- Branding ---

export const BRAND_COLOUR_FIELDS = ["brand_colour"] as const;
export type BrandColourField = (typeof BRAND_COLOUR_FIELDS)[number];

/** `#rrggbb` (any case, the # optional), stored lower-case; refused when white text on it is below 4.5:1. */
export const brandColourField = z
  .string({ error: "Enter the brand colour, like #6d28d9" })
  .trim()
  .transform((value, ctx) => {
    const m = /^#?([0-9a-fA-F]{6})$/.exec(value);
    if (!m) {
      ctx.addIssue({ code: "custom", message: "Enter the colour as # and six hexadecimal digits, like #6d28d9" });
      return z.NEVER;
    }
    const colour = `#${m[1]!.toLowerCase()}`;
    const ratio = whiteTextContrast(colour);
    if (ratio < MIN_WHITE_TEXT_CONTRAST) {
      ctx.addIssue({
        code: "custom",
        message: `White text on ${colour} has a contrast of only ${formatRatio(ratio)}; it needs at least ${MIN_WHITE_TEXT_CONTRAST}:1, because your microsite puts white text on this colour. Choose a darker shade.`,
      });
      return z.NEVER;
    }
    return colour;
  });

export const brandColourSchema = z.object({ brand_colour: brandColourField });
