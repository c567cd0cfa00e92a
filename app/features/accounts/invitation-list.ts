import { EmailField } from "~/lib/email-field";

export const MAX_INVITATIONS = 5_000;

export type InvitationListProblem = { line: number; message: string };
export type InvitationList = { ok: true; emails: string[] } | { ok: false; problems: InvitationListProblem[] };

/** One CSV line's fields (quotes around a field may hold commas; "" inside them is a quote). */
function fields(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === "," || c === ";" || c === "\t") {
      out.push(field);
      field = "";
    } else field += c;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/**
 * The addresses of a pasted list or an uploaded CSV file: one address per line, or a table whose
 * header row has an "email" column (as spreadsheets export it). Every bad line is reported with its
 * number, and nothing is accepted until the whole list is clean.
 */
export function readInvitationList(text: string): InvitationList {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const firstRow = lines.findIndex((l) => l.trim() !== "");
  if (firstRow < 0)
    return { ok: false, problems: [{ line: 1, message: "The list is empty: add one email address per line" }] };
  const header = fields(lines[firstRow]!).map((f) => f.toLowerCase());
  const emailColumn = header.findIndex((h) => h === "email" || h === "email address" || h === "e-mail");
  const hasHeader = emailColumn >= 0;
  const problems: InvitationListProblem[] = [];
  const seen = new Map<string, number>();
  const emails: string[] = [];
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "" || (hasHeader && index === firstRow)) return;
    const cells = fields(raw);
    const value = hasHeader
      ? (cells[emailColumn] ?? "")
      : cells.length === 1
        ? cells[0]!
        : (cells.find((c) => c.includes("@")) ?? cells[0]!);
    const parsed = EmailField.safeParse(value);
    if (!parsed.success) {
      problems.push({ line, message: `"${value.slice(0, 80)}" is not an email address` });
      return;
    }
    const key = parsed.data.toLowerCase();
    const earlier = seen.get(key);
    if (earlier) {
      problems.push({ line, message: `${parsed.data} is also on line ${earlier}` });
      return;
    }
    seen.set(key, line);
    emails.push(parsed.data);
  });
  if (emails.length > MAX_INVITATIONS)
    problems.unshift({
      line: 1,
      message: `The list has ${emails.length.toLocaleString("en-GB")} addresses; send at most 5,000 at a time`,
    });
  return problems.length ? { ok: false, problems } : { ok: true, emails };
}
