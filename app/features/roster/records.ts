import { z } from "zod";
import { ROSTER_COLUMNS, ROSTER_STATUSES, type RosterColumn } from "~/db/schema/roster-values";
import { STUDY_LEVELS } from "~/db/schema/student-profile-values";
import { type CsvRecord, CsvError, decodeText, readCsv } from "~/lib/csv-reader";
import { EmailField } from "~/lib/email-field";
import "~/lib/zod-jitless";

/** One bad line of a file: which line (the header is line 1), which column, and why. */
export type RosterError = { line: number; field: RosterColumn | "file"; reason: string };

const optional = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .transform((v) => (v === "" ? null : v));

const required = (max: number, what: string) =>
  z.string().trim().min(1, `Enter the ${what}`).max(max, `The ${what} is at most ${max} characters`);

/** One line of a student-records file. Course, level and graduation may be blank; the rest may not. */
export const RosterRow = z.object({
  student_id: required(64, "student number"),
  email: EmailField.transform((v) => v.toLowerCase()),
  first_name: required(100, "first name"),
  last_name: required(100, "last name"),
  course: optional(200, "The course"),
  level: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase().replace(/[\s-]+/g, "_"))
    .pipe(z.union([z.literal(""), z.enum(STUDY_LEVELS)], { error: `Use one of: ${STUDY_LEVELS.join(", ")}` }))
    .transform((v) => (v === "" ? null : v)),
  expected_graduation: z
    .string()
    .trim()
    .regex(/^(|\d{4}-(0[1-9]|1[0-2]))$/, "Write the month as YYYY-MM, like 2027-06")
    .transform((v) => (v === "" ? null : v)),
  status: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(ROSTER_STATUSES, { error: `Use one of: ${ROSTER_STATUSES.join(", ")}` })),
});
export type RosterRow = z.output<typeof RosterRow>;
export type RosterLine = RosterRow & { line: number };

/**
 * A student-records file read and checked line by line: the rows, or every bad line by number and
 * column (a missing or unknown column, a value out of form, a student number or address given twice).
 * Columns may come in any order; names are matched without regard to case.
 */
export async function readRoster(
  chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
): Promise<{ rows: RosterLine[]; errors: RosterError[] }> {
  const rows: RosterLine[] = [];
  const errors: RosterError[] = [];
  let columns: (RosterColumn | null)[] | null = null;
  const firstLineOf = { student_id: new Map<string, number>(), email: new Map<string, number>() };
  try {
    for await (const record of readCsv(decodeText(chunks))) {
      if (!columns) {
        columns = header(record, errors);
        if (errors.length) return { rows, errors };
        continue;
      }
      const raw: Record<string, string> = {};
      columns.forEach((c, i) => c && (raw[c] = record.fields[i] ?? ""));
      // PostgreSQL text cannot hold NUL, and no record system means one.
      if (record.fields.some((f) => f.includes("\u0000")))
        errors.push({ line: record.line, field: "file", reason: "The line holds a NUL character" });
      if (record.fields.length !== columns.length)
        errors.push({
          line: record.line,
          field: "file",
          reason: `The line has ${record.fields.length} values where the header has ${columns.length}`,
        });
      const parsed = RosterRow.safeParse(raw);
      const bad = new Set<string>();
      for (const issue of parsed.error?.issues ?? []) {
        const field = String(issue.path[0]) as RosterColumn;
        if (bad.has(field)) continue;
        bad.add(field);
        errors.push({ line: record.line, field, reason: issue.message });
      }
      // A student number or address given twice, however the rest of either line reads.
      for (const key of ["student_id", "email"] as const) {
        const value = key === "email" ? raw.email!.trim().toLowerCase() : raw.student_id!.trim();
        if (!value || bad.has(key)) continue;
        const first = firstLineOf[key].get(value);
        if (first !== undefined)
          errors.push({ line: record.line, field: key, reason: `The same ${key} is on line ${first}` });
        else firstLineOf[key].set(value, record.line);
      }
      if (!parsed.success || errors.length) continue;
      rows.push({ ...parsed.data, line: record.line });
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    errors.push({ line: error.line, field: "file", reason: error.problem });
  }
  if (!columns) errors.push({ line: 1, field: "file", reason: "The file is empty: it needs a header line" });
  return { rows, errors };
}

function header(record: CsvRecord, errors: RosterError[]): (RosterColumn | null)[] {
  const names = record.fields.map((f) => f.trim().toLowerCase());
  names.forEach((name, i) => {
    if (!(ROSTER_COLUMNS as readonly string[]).includes(name))
      errors.push({ line: 1, field: "file", reason: `Unknown column "${name}"` });
    else if (names.indexOf(name) !== i)
      errors.push({ line: 1, field: name as RosterColumn, reason: `The column "${name}" is there twice` });
  });
  for (const column of ROSTER_COLUMNS)
    if (!names.includes(column)) errors.push({ line: 1, field: column, reason: `The column "${column}" is missing` });
  return names.map((n) => ((ROSTER_COLUMNS as readonly string[]).includes(n) ? (n as RosterColumn) : null));
}
