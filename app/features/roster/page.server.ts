import type { AuditActor } from "~/db/audit.server";
import { and, count, eq, lt } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { ROSTER_MODES, type RosterStatus, type University, rosterRecords, rosterUploads } from "~/db/schema";
import { clockContext } from "~/lib/context";
import { decodeText } from "~/lib/csv-reader";
import type { FieldErrors } from "~/lib/validation";
import { rosterKeysContext } from "./context";
import { KeyNameField, createRosterKey, revokeRosterKey, rosterKeys } from "./keys.server";
import type { RosterError } from "./records";
import { type RosterChange, type SyncDeps, type SyncOutcome, syncRoster } from "./sync.server";

/** How many changed rows a preview lists (the counts are of all). */
export const PREVIEW_ROWS = 200;
/** How long an uploaded file waits to be applied. */
const UPLOAD_KEPT_MS = 24 * 3_600_000;

/** What the roster tab shows before any upload: the university's records by status. */
export async function rosterSummary(db: Db, universityId: number): Promise<Record<RosterStatus, number>> {
  const rows = await db
    .select({ status: rosterRecords.status, n: count() })
    .from(rosterRecords)
    .where(eq(rosterRecords.universityId, universityId))
    .groupBy(rosterRecords.status);
  const summary = { active: 0, suspended: 0, left: 0 };
  for (const r of rows) summary[r.status] = r.n;
  return summary;
}

export type RosterPreview = {
  uploadId: number;
  fileName: string;
  mode: (typeof ROSTER_MODES)[number];
  created: number;
  updated: number;
  unchanged: number;
  left: number;
  /** The first PREVIEW_ROWS changes; `changed` counts them all. */
  changes: RosterChange[];
  changed: number;
  /** The records changed since this file was first previewed: the admin looks again. */
  stale: boolean;
};
/** What the roster tab's forms answer besides field errors: the file's bad lines, or its preview. */
export type RosterAnswer = {
  errors: RosterError[];
  preview: RosterPreview | null;
  /** A key just made, shown this once. */
  newKey?: { name: string; key: string };
};

type Refusal = { status: number; fieldErrors: FieldErrors; formError?: string; roster?: RosterAnswer };
const refusal = (status: number, fieldErrors: FieldErrors, roster?: RosterAnswer): Refusal => ({
  status,
  fieldErrors,
  roster,
});

const previewOf = (
  upload: { id: number; fileName: string; mode: RosterPreview["mode"] },
  outcome: SyncOutcome,
  stale = false,
): RosterAnswer => ({
  errors: [],
  preview: {
    uploadId: upload.id,
    fileName: upload.fileName,
    mode: upload.mode,
    created: outcome.created,
    updated: outcome.updated,
    unchanged: outcome.unchanged,
    left: outcome.left,
    changes: outcome.changes.slice(0, PREVIEW_ROWS),
    changed: outcome.changes.length,
    stale,
  },
});

const ModeField = z.enum(ROSTER_MODES, { error: "Choose whether the file is the whole list or some students" });

/**
 * "Preview": the uploaded file checked and compared with the records, nothing changed; a file without
 * a bad line is kept for "Apply". The admin's older upload is dropped, and anyone's past its day.
 */
export async function previewRosterUpload(
  deps: SyncDeps,
  adminId: number,
  university: University,
  form: FormData,
): Promise<Refusal | { status: 200; roster: RosterAnswer }> {
  const mode = ModeField.safeParse(form.get("mode"));
  const file = form.get("roster");
  const fieldErrors: FieldErrors = {};
  if (!mode.success) fieldErrors.mode = mode.error.issues[0]!.message;
  if (!(file instanceof File) || file.size === 0) fieldErrors.roster = "Choose the CSV file of your student records";
  if (!mode.success || !(file instanceof File) || file.size === 0) return refusal(400, fieldErrors);

  let text = "";
  for await (const part of decodeText([new Uint8Array(await file.arrayBuffer())])) text += part;
  if (text.includes("\u0000"))
    return refusal(400, { roster: "The file holds a character that is not allowed (NUL): is it a CSV file?" });
  const outcome = await syncRoster(deps, university, { source: "upload", adminId }, [text], {
    mode: mode.data,
    dryRun: true,
  });
  if (outcome.status === "invalid")
    return refusal(
      400,
      { roster: "Some lines of the file are not right: see the list" },
      {
        errors: outcome.errors,
        preview: null,
      },
    );

  const [upload] = await deps.db.transaction(async (tx) => {
    await tx
      .delete(rosterUploads)
      .where(and(eq(rosterUploads.universityId, university.id), eq(rosterUploads.uploadedBy, adminId)));
    await tx.delete(rosterUploads).where(lt(rosterUploads.createdAt, new Date(deps.now.getTime() - UPLOAD_KEPT_MS)));
    return tx
      .insert(rosterUploads)
      .values({
        universityId: university.id,
        uploadedBy: adminId,
        mode: mode.data,
        fileName: file.name.slice(0, 200) || "roster.csv",
        body: text,
        createdAt: deps.now,
      })
      .returning();
  });
  return { status: 200, roster: previewOf(upload!, outcome) };
}

const ApplyFields = z.object({
  upload: z.coerce.number().int().positive(),
  expected_left: z.coerce.number().int().min(0),
});

/**
 * "Apply": the previewed file synced. Students marked as left need the admin's tick; when the
 * records changed since the preview so that another number would be marked, nothing is applied
 * and the new preview is shown.
 */
export async function applyRosterUpload(
  deps: SyncDeps,
  admin: AuditActor & { id: number },
  university: University,
  form: FormData,
): Promise<Refusal | { status: 200; message: string }> {
  const adminId = admin.id;
  const fields = ApplyFields.safeParse({ upload: form.get("upload"), expected_left: form.get("expected_left") });
  const gone = { status: 409, fieldErrors: {}, formError: "This upload is no longer waiting: upload the file again." };
  if (!fields.success) return gone;
  const [upload] = await deps.db
    .select()
    .from(rosterUploads)
    .where(
      and(
        eq(rosterUploads.id, fields.data.upload),
        eq(rosterUploads.universityId, university.id),
        eq(rosterUploads.uploadedBy, adminId),
      ),
    );
  if (!upload || upload.createdAt.getTime() < deps.now.getTime() - UPLOAD_KEPT_MS) return gone;
  const expectLeft = fields.data.expected_left;
  if (expectLeft > 0 && form.get("confirm_left") !== "yes")
    return {
      status: 400,
      fieldErrors: { confirm_left: `Tick the box to confirm that ${leftWords(expectLeft)} as left` },
      roster: (await previewAgain(deps, adminId, university, upload)).roster,
    };
  const outcome = await syncRoster(deps, university, { source: "upload", adminId, ip: admin.ip }, [upload.body], {
    mode: upload.mode,
    dryRun: false,
    expectLeft,
  });
  if (outcome.status !== "applied")
    return {
      status: 409,
      fieldErrors: {},
      formError: "Your records changed since the preview: check the new preview and apply again.",
      roster:
        outcome.status === "preview" ? previewOf(upload, outcome, true) : { errors: outcome.errors, preview: null },
    };
  await deps.db.delete(rosterUploads).where(eq(rosterUploads.id, upload.id));
  return {
    status: 200,
    message: `Your student records are updated: ${outcome.created} added, ${outcome.updated} changed, ${outcome.unchanged} unchanged, ${outcome.left} marked as left.`,
  };
}

const leftWords = (n: number) => (n === 1 ? "1 student will be marked" : `${n} students will be marked`);

async function previewAgain(
  deps: SyncDeps,
  adminId: number,
  university: University,
  upload: typeof rosterUploads.$inferSelect,
) {
  const outcome = await syncRoster(deps, university, { source: "upload", adminId: adminId }, [upload.body], {
    mode: upload.mode,
    dryRun: true,
  });
  return {
    roster: outcome.status === "invalid" ? { errors: outcome.errors, preview: null } : previewOf(upload, outcome),
  };
}

// --- The API keys tab ---

type Context = Readonly<RouterContextProvider>;

/** The keys tab's list: each key's name, when it was made and last used, and whether it was revoked. */
export async function rosterKeysView(db: Db, universityId: number) {
  return (await rosterKeys(db, universityId)).map((k) => ({
    id: k.id,
    name: k.name,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revoked: k.revokedAt !== null,
  }));
}

/** "Create a key": the new key, shown this once, or why not. */
export async function createKeyFromForm(
  context: Context,
  admin: AuditActor & { id: number },
  universityId: number,
  form: FormData,
): Promise<Refusal | { status: 200; roster: RosterAnswer }> {
  const name = KeyNameField.safeParse(form.get("name") ?? "");
  if (!name.success) return refusal(400, { name: name.error.issues[0]!.message });
  const { key } = await createRosterKey(context.get(dbContext), context.get(rosterKeysContext), {
    universityId,
    admin,
    name: name.data,
    now: context.get(clockContext)(),
  });
  return { status: 200, roster: { errors: [], preview: null, newKey: { name: name.data, key } } };
}

/** "Revoke": the key stops working at once; another university's key is not found. */
export async function revokeKeyFromForm(
  context: Context,
  admin: AuditActor,
  universityId: number,
  form: FormData,
): Promise<{ status: 404; fieldErrors: FieldErrors; formError: string } | { status: 200; message: string }> {
  const id = z.coerce.number().int().positive().safeParse(form.get("id"));
  const name = id.success
    ? await revokeRosterKey(context.get(dbContext), admin, universityId, id.data, context.get(clockContext)())
    : null;
  if (name === null)
    return { status: 404, fieldErrors: {}, formError: "Your university has no key in use with this number." };
  return { status: 200, message: `The key “${name}” is revoked: it no longer works.` };
}
