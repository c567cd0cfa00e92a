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

const line = (row: readonly Cell[]) => `${row.map(cell).join(",")}\r\n`;

/** Rows (the header first) as CSV text with CRLF line ends and a byte-order mark, which Excel needs to read UTF-8. */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${rows.map(line).join("")}`;
}

const csvHeaders = (name: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${name}"`,
  "Cache-Control": "private, no-store",
});

/** A CSV download's response. `name` is made of safe characters by the caller. */
export function csvResponse(name: string, rows: readonly (readonly Cell[])[]): Response {
  return new Response(toCsv(rows), { headers: csvHeaders(name) });
}

/**
 * A CSV download written as its rows are read, a batch at a time (an export with no bound on its
 * length): the same file `csvResponse` makes of the header and every batch's rows, never all in memory.
 * A failure midway ends the download broken rather than short, so nobody takes a part for the whole.
 */
export function csvStreamResponse(
  name: string,
  header: readonly Cell[],
  batches: AsyncIterable<readonly (readonly Cell[])[]>,
): Response {
  const encoder = new TextEncoder();
  const source = batches[Symbol.asyncIterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${line(header)}`));
        return;
      }
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(line).join("")));
    },
    async cancel() {
      await source.return?.();
    },
  });
  return new Response(body, { headers: csvHeaders(name) });
}
