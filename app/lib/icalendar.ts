/**
 * iCalendar files (RFC 5545), as calendar apps import them and as email invitations carry them.
 * The visa clock's dates, workshops and booked meetings are all written through here.
 */

/**
 * RFC 5545 text: backslash, semicolon, comma and line breaks escaped. A lone CR counts as a break
 * too: left raw, a calendar that reads it as one would start a property of the text's choosing.
 */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** Lines longer than 75 octets folded (RFC 5545 §3.1): a CRLF and a space, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    if (Buffer.byteLength(current + char) > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A moment in UTC as iCalendar writes it: 20261125T103000Z. */
export const utcStamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
const compactDay = (day: string) => day.replaceAll("-", "");

export type CalendarEvent = {
  /** Unique and stable for the event: sending it again (changed, or cancelled) updates the same one. */
  uid: string;
  summary: string;
  description?: string;
  /** An all-day event (`day`, YYYY-MM-DD) or a timed one (`start` and `end`, written in UTC). */
  when: { day: string } | { start: Date; end: Date };
  location?: string;
  url?: string;
  /** Reminders before the start, as durations ("P7D", "PT1H"). */
  alarms?: string[];
  /** Raised each time the event changes, so that calendars take the newer copy. */
  sequence?: number;
  cancelled?: boolean;
  transparent?: boolean;
};

/** A calendar file of `events`; `method` PUBLISH for a file to import, CANCEL for events called off. */
export function calendarFile(opts: {
  product: string;
  name?: string;
  method?: "PUBLISH" | "CANCEL";
  now: Date;
  events: readonly CalendarEvent[];
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//Career Platform//${opts.product}//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${opts.method ?? "PUBLISH"}`,
  ];
  if (opts.name) lines.push(`X-WR-CALNAME:${escapeText(opts.name)}`);
  for (const e of opts.events) {
    lines.push("BEGIN:VEVENT", `UID:${e.uid}`, `DTSTAMP:${utcStamp(opts.now)}`);
    if ("day" in e.when) {
      const next = new Date(Date.parse(`${e.when.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      lines.push(`DTSTART;VALUE=DATE:${compactDay(e.when.day)}`, `DTEND;VALUE=DATE:${compactDay(next)}`);
    } else {
      lines.push(`DTSTART:${utcStamp(e.when.start)}`, `DTEND:${utcStamp(e.when.end)}`);
    }
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    if (e.sequence !== undefined) lines.push(`SEQUENCE:${e.sequence}`);
    if (e.cancelled) lines.push("STATUS:CANCELLED");
    if (e.transparent) lines.push("TRANSP:TRANSPARENT");
    for (const before of e.alarms ?? [])
      lines.push(
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        `TRIGGER:-${before}`,
        `DESCRIPTION:${escapeText(e.summary)}`,
        "END:VALARM",
      );
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
