// The one CSV reader of the product (RFC 4180), streaming: the sponsor register, the job feeds and the
// shipped tables. The writer is csv.ts.

/** A record of a CSV file and the line it starts on (1-based, the header is line 1). */
export type CsvRecord = { line: number; fields: string[] };

export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
  }
}

// Windows-1252 characters of 0x80–0x9f, by byte, for undoing "Ã©"-style double encoding.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const CP1252_BYTE = new Map([...CP1252_HIGH].map((c, i) => [c, 0x80 + i]));
const MOJIBAKE = /[ÂÃÄÅâ][\u0080-\u00bf€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Text that was UTF-8, read as Windows-1252 and saved as UTF-8 again ("CovÃ©a" for "Covéa"),
 * turned back; anything that does not decode cleanly is left as it is.
 */
export function repairMojibake(text: string): string {
  if (!MOJIBAKE.test(text)) return text;
  const bytes: number[] = [];
  for (const c of text) {
    const code = c.codePointAt(0)!;
    const byte = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : CP1252_BYTE.get(c);
    if (byte === undefined) return text;
    bytes.push(byte);
  }
  try {
    return strictUtf8.decode(Uint8Array.from(bytes));
  } catch {
    return text;
  }
}

/**
 * Bytes to text, chunk by chunk. The register is UTF-8, but older copies were saved as
 * Windows-1252: from the first byte that is not UTF-8 the rest is read as Windows-1252.
 */
export async function* decodeText(
  chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
): AsyncGenerator<string> {
  let utf8: TextDecoder | null = new TextDecoder("utf-8", { fatal: true });
  const cp1252 = new TextDecoder("windows-1252");
  let first = true;
  for await (const chunk of chunks) {
    let text: string;
    if (typeof chunk === "string") text = chunk;
    else if (utf8) {
      try {
        text = utf8.decode(chunk, { stream: true });
      } catch {
        utf8 = null;
        text = cp1252.decode(chunk, { stream: true });
      }
    } else text = cp1252.decode(chunk, { stream: true });
    if (first && text) {
      text = text.replace(/^\uFEFF/, "");
      first = false;
    }
    if (text) yield text;
  }
  if (utf8) {
    const rest = utf8.decode();
    if (rest) yield rest;
  }
}

/**
 * RFC 4180 records from streamed text, without holding the file: quoted fields may hold commas,
 * doubled quotes and line breaks; CRLF and LF both end a record; blank lines are skipped.
 * A quote left open at the end, or text right after a closing quote, is a broken line.
 */
export async function* readCsv(text: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  let fields: string[] = [];
  let field = "";
  let quoted = false; // inside a quoted field
  let closed = false; // just after a closing quote
  let pendingQuote = false; // a quote inside a quoted field, waiting for the next character
  let line = 1;
  let start = 1;
  let any = false; // the record has content

  let afterCR = false; // the \n of a CRLF split across two chunks belongs to the \r
  const endField = () => {
    fields.push(field);
    field = "";
    closed = false;
  };

  for await (const chunk of text) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (afterCR) {
        afterCR = false;
        if (c === "\n") continue;
      }
      if (pendingQuote) {
        pendingQuote = false;
        if (c === '"') {
          field += '"';
          continue;
        }
        quoted = false;
        closed = true;
      }
      if (quoted) {
        if (c === '"') pendingQuote = true;
        else {
          if (c === "\n") line++;
          field += c;
        }
        continue;
      }
      if (c === ",") {
        endField();
        any = true;
      } else if (c === "\n" || c === "\r") {
        afterCR = c === "\r";
        if (any || field !== "" || closed || fields.length) {
          endField();
          yield { line: start, fields };
        }
        fields = [];
        any = false;
        line++;
        start = line;
      } else if (c === '"' && field.trim() === "" && !closed) {
        // Stray spaces before an opening quote (` "K" Line`) are not part of the value.
        field = "";
        quoted = true;
        any = true;
      } else if (closed) {
        if (c !== " " && c !== "\t")
          throw new CsvError(start, `unexpected text after a closing quote: ${JSON.stringify(c)}`);
      } else {
        field += c;
        any = true;
      }
    }
  }
  if (pendingQuote) {
    quoted = false;
    closed = true;
  }
  if (quoted) throw new CsvError(start, "a quoted field is never closed");
  if (any || field !== "" || closed || fields.length) {
    endField();
    yield { line: start, fields };
  }
}
