import type { Milestone } from "./clock";
import { addDays } from "./clock";

/** RFC 5545 text: backslash, semicolon, comma and new lines escaped. */
const escapeText = (text: string) => text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

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

const compact = (date: string) => date.replaceAll("-", "");
const stamp = (now: Date) => `${now.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

/**
 * The milestones as an iCalendar file: an all-day event for each, with reminders 30 and 7 days
 * before. `uidPrefix` keeps each person's events their own, so that importing the file again updates
 * them instead of adding copies.
 */
export function visaCalendar(milestones: readonly Milestone[], { uidPrefix, host, now }: { uidPrefix: string; host: string; now: Date }): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Career Platform//Visa clock//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:My visa dates"];
  for (const m of milestones) {
    const description = [m.detail, m.estimated ? "This date is an estimate." : "", m.source ? `Official page: ${m.source.url}` : ""].filter(Boolean).join("\n");
    lines.push(
      "BEGIN:VEVENT",
      `UID:${uidPrefix}-${m.id}@${host}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${compact(m.date)}`,
      `DTEND;VALUE=DATE:${compact(addDays(m.date, 1))}`,
      `SUMMARY:${escapeText(m.title)}`,
      `DESCRIPTION:${escapeText(description)}`,
      ...(m.source ? [`URL:${m.source.url}`] : []),
      "TRANSP:TRANSPARENT",
      ...["P30D", "P7D"].flatMap((before) => ["BEGIN:VALARM", "ACTION:DISPLAY", `TRIGGER:-${before}`, `DESCRIPTION:${escapeText(m.title)}`, "END:VALARM"]),
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
