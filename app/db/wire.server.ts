import { messages } from "@electric-sql/pglite";

type Pglite = import("@electric-sql/pglite").PGlite;
type QueryOptions = Parameters<Pglite["query"]>[2];
type Results = Awaited<ReturnType<Pglite["query"]>>;
type Parser = Pglite["parsers"][number];

/** A column of a statement's rows, as its RowDescription names it. */
export type Field = { name: string; dataTypeID: number };

const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C
const ERROR_RESPONSE = 0x45; // E
const NOTIFICATION_RESPONSE = 0x41; // A
/** Fields of an ErrorResponse, as PGlite's own parser names them on its DatabaseError. */
const ERROR_FIELDS: Record<string, string> = {
  S: "severity",
  C: "code",
  D: "detail",
  H: "hint",
  P: "position",
  p: "internalPosition",
  q: "internalQuery",
  W: "where",
  s: "schema",
  t: "table",
  c: "column",
  d: "dataType",
  n: "constraint",
  F: "file",
  L: "line",
  R: "routine",
};

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Execute (the unnamed portal, every row) and Sync, which follow each Bind. */
const EXECUTE_SYNC = [0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4];
let scratch = new Uint8Array(4096);

/**
 * Bind (the named statement's parameters, as text, onto the unnamed portal; text results), Execute
 * and Sync, as one message. PGlite's protocol writer makes a buffer of its own for every part of
 * every message, about half the Node side of a small query.
 */
export function bindAndExecute(statement: string, values: readonly (string | null)[]): Uint8Array {
  for (;;) {
    const size = write(statement, values);
    if (size > 0) return scratch.slice(0, size);
    scratch = new Uint8Array(scratch.length * 2);
  }
}

/** The message's length once written into `scratch`, or 0 when it does not fit. */
function write(statement: string, values: readonly (string | null)[]): number {
  const out = scratch;
  const view = new DataView(out.buffer);
  const room = out.length - EXECUTE_SYNC.length;
  let at = 0;
  const text = (value: string) => {
    const { read, written } = encoder.encodeInto(value, out.subarray(at, room));
    at += written;
    return read === value.length;
  };
  out[at] = 0x42; // B
  at = 5;
  out[at++] = 0; // the unnamed portal
  if (!text(statement) || at + 5 > room) return 0;
  out[at++] = 0;
  view.setInt16(at, 0); // every parameter as text
  view.setInt16(at + 2, values.length);
  at += 4;
  for (const value of values) {
    if (at + 4 > room) return 0;
    if (value === null) {
      view.setInt32(at, -1);
      at += 4;
      continue;
    }
    const length = at;
    at += 4;
    if (!text(value)) return 0;
    view.setInt32(length, at - length - 4);
  }
  if (at + 2 > room) return 0;
  view.setInt16(at, 0); // every result column as text
  at += 2;
  view.setInt32(1, at - 1);
  out.set(EXECUTE_SYNC, at);
  return at + EXECUTE_SYNC.length;
}

/**
 * PostgreSQL's answer to Bind, Execute and Sync, read from its bytes as PGlite writes them, into
 * what PGlite's `query` answers (`parse.parseResults`): the rows (objects, or arrays in "array" row
 * mode) with each column's text parsed by PGlite's parsers, the fields, the command and the rows it
 * affected. PGlite's own reader copies every message, and every value of every row, into an
 * ArrayBuffer of its own before decoding it, about two thirds of the time a small query takes on the
 * Node side; this one decodes each value from the bytes as they come. Notices and other messages
 * are passed over, as PGlite's query does unless asked for them; notifications are collected, since
 * PGlite's listeners only hear what its own reader reads.
 */
export class Answer {
  readonly rows: unknown[] = [];
  /** What LISTEN heard as the statement's transaction committed: [channel, payload]. */
  readonly notifications: [string, string][] = [];
  error: InstanceType<typeof messages.DatabaseError> | null = null;
  private command: string | null = null;
  private carried: Uint8Array | null = null;
  private readonly parsers: (Parser | undefined)[];
  private readonly arrays: boolean;

  constructor(
    private readonly fields: readonly Field[],
    parsers: Pglite["parsers"],
    options: QueryOptions,
  ) {
    this.parsers = fields.map((f) => options?.parsers?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    this.arrays = options?.rowMode === "array";
  }

  /** Reads the bytes PostgreSQL wrote (a view that is only valid during the call); a message may span two writes. */
  read(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.carried) {
      bytes = new Uint8Array(this.carried.length + chunk.length);
      bytes.set(this.carried);
      bytes.set(chunk, this.carried.length);
      this.carried = null;
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    while (at + 5 <= bytes.length) {
      const end = at + 1 + view.getInt32(at + 1);
      if (end > bytes.length) break;
      const type = bytes[at]!;
      if (type === DATA_ROW) this.row(bytes, view, at + 5);
      else if (type === COMMAND_COMPLETE) this.command ??= decoder.decode(bytes.subarray(at + 5, end - 1));
      else if (type === ERROR_RESPONSE) this.error ??= errorOf(bytes, at + 5, end, end - at - 1);
      else if (type === NOTIFICATION_RESPONSE) this.notifications.push(notificationOf(bytes, at + 9));
      at = end;
    }
    if (at < bytes.length) this.carried = bytes.slice(at);
  }

  private row(bytes: Uint8Array, view: DataView, start: number): void {
    const count = view.getInt16(start);
    const values: unknown[] = new Array(count);
    let at = start + 2;
    for (let i = 0; i < count; i++) {
      const length = view.getInt32(at);
      at += 4;
      if (length < 0) {
        values[i] = null;
        continue;
      }
      const text = decoder.decode(bytes.subarray(at, at + length));
      at += length;
      const parser = this.parsers[i];
      values[i] = parser ? parser(text, this.fields[i]!.dataTypeID) : text;
    }
    if (this.arrays) {
      this.rows.push(values);
      return;
    }
    const row: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) row[this.fields[i]!.name] = values[i];
    this.rows.push(row);
  }

  /** What PGlite's query answers: its `parse.parseResults(...)[0]`. */
  results(): Results {
    if (this.command === null) return { affectedRows: 0, rows: [], fields: [] } as Results;
    const words = this.command.split(" ");
    const command = words[0]!;
    const count = parseInt(words[words.length - 1]!, 10);
    const writes = ["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command);
    const results: Results & { command: string; rowCount?: number } = {
      rows: this.rows,
      fields: this.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      command,
      affectedRows: writes ? count : 0,
    };
    if (!Number.isNaN(count)) results.rowCount = count;
    return results;
  }
}

/** A NotificationResponse after its sender's process id: the channel and the payload. */
function notificationOf(bytes: Uint8Array, start: number): [string, string] {
  const close = bytes.indexOf(0, start);
  return [
    decoder.decode(bytes.subarray(start, close)),
    decoder.decode(bytes.subarray(close + 1, bytes.indexOf(0, close + 1))),
  ];
}

function errorOf(bytes: Uint8Array, start: number, end: number, length: number) {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && bytes[at] !== 0) {
    const code = String.fromCharCode(bytes[at]!);
    const close = bytes.indexOf(0, at + 1);
    fields[code] = decoder.decode(bytes.subarray(at + 1, close));
    at = close + 1;
  }
  const error = new messages.DatabaseError(fields.M ?? "", length, "error");
  for (const [code, name] of Object.entries(ERROR_FIELDS))
    (error as unknown as Record<string, unknown>)[name] = fields[code];
  return error;
}
