// CSV as RFC 4180 writes it, for files people open in a spreadsheet.

/**
 * A cell a spreadsheet could read as a formula (=, +, -, @, a tab or a carriage return first) is
 * prefixed with an apostrophe: a name typed as "=HYPERLINK(…)" stays text (CSV injection).
 * Numbers are written as they are.
 */
function cell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows (the header first) as CSV text with CRLF line ends and a byte-order mark, which Excel needs to read UTF-8. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** A CSV download's response. `name` is made of safe characters by the caller. */
export function csvResponse(name: string, rows: readonly (readonly (string | number | null)[])[]): Response {
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
