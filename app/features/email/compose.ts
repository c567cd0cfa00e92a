import { escapeHtml } from "~/lib/escape-html";

/** Whose name and colour an email carries: the university's, or the platform's own. */
export type EmailBrand = { name: string; colour: string };

export const PLATFORM_BRAND: EmailBrand = { name: "Career Platform", colour: "#1d4ed8" };

export type EmailContent = {
  subject: string;
  /** The greeting line, e.g. "Hello Aisha,". */
  greeting: string;
  paragraphs: string[];
  /** Links with a line about each (an alert's jobs), after the paragraphs. */
  items?: { label: string; url: string; detail: string }[];
  /** The one thing the email asks the reader to do. */
  action?: { label: string; url: string };
  /** Said after the action, e.g. how long the link works and what to do if the email was not expected. */
  after?: string[];
};

export type ComposedEmail = { subject: string; text: string; html: string };

// A colour typed in by an operator goes into a style attribute: only a plain hex colour is used.
const HEX = /^#[0-9a-f]{6}$/i;

/**
 * An email's plain-text and HTML parts from one content. The HTML is one table with inline styles
 * (what mail clients render alike), carries the brand's name and colour, loads nothing from
 * anywhere (no images, no tracking pixel), and escapes every value.
 */
export function composeEmail(content: EmailContent, brand: EmailBrand = PLATFORM_BRAND): ComposedEmail {
  const colour = HEX.test(brand.colour) ? brand.colour : PLATFORM_BRAND.colour;
  const after = content.after ?? [];
  const items = content.items ?? [];
  const text = [
    brand.name,
    "",
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...items.flatMap((item) => [item.label, item.detail, item.url, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...after.flatMap((p) => [p, ""]),
    `${brand.name}, through Career Platform`,
  ].join("\n");

  const p = (line: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(line)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${colour};color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4b5563">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`
    : "";
  const list = items.length
    ? `<ul style="margin:0 0 16px;padding:0;list-style:none">${items
        .map(
          (item) =>
            `<li style="margin:0 0 12px;font-size:16px;line-height:1.5;color:#1f2937"><a href="${escapeHtml(item.url)}" style="color:${colour};font-weight:bold">${escapeHtml(item.label)}</a><br><span style="font-size:14px;color:#4b5563">${escapeHtml(item.detail)}</span></li>`,
        )
        .join("")}</ul>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif">
<tr><td style="background:${colour};border-radius:8px 8px 0 0;padding:16px 24px;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px">
${p(content.greeting)}
${content.paragraphs.map(p).join("\n")}
${list}
${button}
${after.map(p).join("\n")}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${escapeHtml(brand.name)}, through Career Platform</td></tr>
</table>
</td></tr></table>
</body></html>`;
  return { subject: content.subject, text, html };
}

/** "Hello Aisha," from a full name; "Hello," when the name is not known yet (an invitation). */
export function greetingFor(name: string): string {
  const first = name.trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : "Hello,";
}

/** The web addresses in a text, as the server log and `npm run mail` show them. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/** A link's secret part as the console shows it. */
export const HIDDEN_SECRET = "[hidden]";
// What a link's secret looks like: 32 random bytes (a one-time token) or an HMAC-SHA256 (a signature), in
// base64url, 43 characters. One holds a capital letter but once in five billion; our slugs are lower case.
const OPAQUE = /^(?=[\w-]{0,42}[A-Z])[\w-]{43}(?![\w-])/;
const SECRET_PARAM = /^(token|sig|signature|code|key|secret|confirm_email)$/i;

/**
 * The text with the secrets of its links hidden (a password reset's or an invitation's token, an
 * unsubscribe or download link's signature): they are the recipient's, and whoever reads them may
 * act as the recipient. Everything else of a link stays, so the operator sees where it leads.
 */
export function maskSecretLinks(text: string): string {
  return text.replace(/https?:\/\/[^\s<>"]+/g, (link) => {
    const q = link.indexOf("?");
    const path = (q < 0 ? link : link.slice(0, q))
      .split("/")
      .map((segment) => segment.replace(OPAQUE, HIDDEN_SECRET))
      .join("/");
    if (q < 0) return path;
    const query = link
      .slice(q + 1)
      .split("&")
      .map((pair) => {
        const eq = pair.indexOf("=");
        if (eq < 0) return pair;
        const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
        return `${name}=${SECRET_PARAM.test(name) ? HIDDEN_SECRET : value.replace(OPAQUE, HIDDEN_SECRET)}`;
      })
      .join("&");
    return `${path}?${query}`;
  });
}
