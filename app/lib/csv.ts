// The one CSV writer of the product (RFC 4180), for every file people open in a spreadsheet.

type Cell = string | number | null;

/**
 * A cell a spreadsheet could read as a formula (=, +, -, @, a tab or a carriage return first) is
 * prefixed with an apostrophe: a name typed as "=HYPERLINK(…)" stays text (CSV injection). A cell
 * holding a comma, a semicolon (the separator of spreadsheets set to a European locale), a quote
 * or a line break is quoted. Numbers are ours, not typed, and are written as they are.
 */
function cell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows (the header first) as CSV text with CRLF line ends and a byte-order mark, which Excel needs to read UTF-8. */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** A CSV download's response. `name` is made of safe characters by the caller. */
export function csvResponse(name: string, rows: readonly (readonly Cell[])[]): Response {
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
