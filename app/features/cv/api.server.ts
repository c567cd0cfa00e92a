import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import type { EffectiveAccessStatus } from "~/db/schema/users";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { clockContext } from "~/lib/context";
import { type Answer, ok, refused } from "~/lib/json-api.server";
import { readJsonBody } from "~/lib/request-body.server";
import { type CvDocument, LIMITS, TEMPLATES, TEMPLATE_INFO, emptyDocument } from "./document";
import type { PathError } from "./errors";
import { documentFromProfile } from "./from-profile.server";
import { fromJsonResume } from "./json-resume";
import {
  type CvOwner,
  MAX_CVS,
  type OwnedCv,
  UNDO_SECONDS,
  createCv,
  deleteCv,
  getCv,
  listCvs,
  restoreCv,
  saveCv,
} from "./queries.server";
import { upgradeDocument } from "./upgrade";

export const CvName = z
  .string({ error: "Give the CV's name as text" })
  .trim()
  .min(1, { error: "Give the CV a name" })
  .max(120, { error: "A CV's name is at most 120 characters" });

const errorsOf = (errors: PathError[]) => errors.map((e) => ({ field: e.path, reason: e.message }));
const tooLarge = (doc: CvDocument) => Buffer.byteLength(JSON.stringify(doc)) > LIMITS.documentBytes;
const TOO_LARGE = refused(
  413,
  `A CV document is at most ${LIMITS.documentBytes / 1024} KB of JSON: shorten it or split it into two CVs`,
);

/** What the API shows of a CV: the list leaves the document out. */
export function cvSummary(cv: Omit<OwnedCv, "document">) {
  return {
    id: cv.id,
    name: cv.name,
    template: cv.template,
    version: cv.version,
    isDefault: cv.isDefault,
    createdAt: cv.createdAt.toISOString(),
    updatedAt: cv.updatedAt.toISOString(),
    links: {
      self: `/api/cvs/${cv.id}`,
      pdf: `/api/cvs/${cv.id}/pdf`,
      docx: `/api/cvs/${cv.id}/docx`,
      json: `/api/cvs/${cv.id}/json`,
      edit: `/create-cv?cv=${cv.id}`,
    },
  };
}
const cvAnswer = (cv: OwnedCv) => ({ ...cvSummary(cv), document: cv.document });

/** The CV id of an address, or null for anything that is not one (so that it answers 404 like a stranger's CV). */
export const cvIdOf = (raw: string | undefined | null) =>
  raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;

export const NOT_FOUND = refused(404, "There is no such CV among yours");

/** Why an account that is not active may not use its CVs, in the words of the page it lands on (/pre-auth-student). */
const INACTIVE: Record<Exclude<EffectiveAccessStatus, "active">, string> = {
  awaiting_approval: "Your account is waiting for your university's approval",
  refused: "Your university did not approve your account",
  expired: "The access your university gave your account has ended",
  deactivated: "Your account has been deactivated",
};

/**
 * The owner of an API request: the logged-in, active user (401 for a visitor, 403 for an account
 * that is not active, saying why, as their pages send them to /pre-auth-student).
 */
function apiOwner(
  user: { id: number; universityId: number | null; accessStatus: EffectiveAccessStatus } | null,
): CvOwner | Answer {
  if (!user) return refused(401, "Log in to use your CVs");
  if (user.accessStatus !== "active") return refused(403, INACTIVE[user.accessStatus]);
  return { id: user.id, universityId: user.universityId };
}
const isAnswer = (x: CvOwner | Answer): x is Answer => "status" in x && "body" in x;

/** A handler of the API with the owner of the request, the database and the time (401 or 403 without an owner). */
type OwnerRun = (args: LoaderFunctionArgs, owner: CvOwner, db: Db, now: Date) => Promise<Answer | Response>;
const withOwner = (run: OwnerRun) => (args: LoaderFunctionArgs) => {
  const owner = apiOwner(args.context.get(accessContext).user);
  return isAnswer(owner) ? owner : run(args, owner, args.context.get(dbContext), args.context.get(clockContext)());
};

/** A handler of one CV's address with its owner and id; another person's CV answers 404 like one that does not exist. */
export const withCv = (
  run: (args: LoaderFunctionArgs, owner: CvOwner, id: number | null, db: Db, now: Date) => Promise<Answer | Response>,
) => withOwner((args, owner, db, now) => run(args, owner, cvIdOf(args.params.id), db, now));

/** GET /api/cvs: the logged-in person's CVs. */
export const listAnswer = withOwner(async (_args, owner, db) =>
  ok({ cvs: (await listCvs(db, owner)).map(cvSummary), limit: MAX_CVS }),
);

/** One of the owner's CVs as the API shows it, or 404. */
async function cvOf(db: Db, owner: CvOwner, id: number | null): Promise<Answer> {
  const cv = id === null ? null : await getCv(db, owner, id);
  return cv ? ok({ cv: cvAnswer(cv) }) : NOT_FOUND;
}

/** GET /api/cvs/{id}. */
export const getAnswer = withCv((_args, owner, id, db) => cvOf(db, owner, id));

/**
 * A file or body to import: a JSON Resume document (an export of ours included), or a document of
 * this project's own schema (it has a schemaVersion), upgraded; named after the person in it.
 */
export function readImport(
  body: unknown,
): { ok: true; document: CvDocument; name: string; warnings: PathError[] } | { ok: false; errors: PathError[] } {
  const read =
    body && typeof body === "object" && "schemaVersion" in body
      ? { ...upgradeDocument(body), warnings: [] }
      : fromJsonResume(body);
  if (!read.ok) return read;
  const person = read.document.basics.name;
  return {
    ok: true,
    document: read.document,
    name: person ? `${person} (imported)`.slice(0, 120) : "Imported CV",
    warnings: read.warnings,
  };
}

const NewCvBody = z
  .object({
    template: z.enum(TEMPLATES, { error: `Choose a template: ${TEMPLATES.join(", ")}` }),
    name: CvName.optional(),
    from: z.enum(["empty", "profile"], { error: 'from is "empty" or "profile"' }).default("empty"),
  })
  .strict();

/**
 * POST /api/cvs: `{ "template": …, "name"?: …, "from"?: "empty" | "profile" }` starts a CV, any other
 * JSON object is read as a JSON Resume document (an earlier export included) and imported.
 */
export const createAnswer = withOwner(async ({ request }, owner, db, now): Promise<Answer> => {
  const body = await readJsonBody(request, { what: "the CV" });
  if (!body || typeof body !== "object" || Array.isArray(body))
    return refused(400, 'Send a JSON object: a JSON Resume document, or { "template": "uk" }');
  let document: CvDocument;
  let name: string;
  let source: "empty" | "profile" | "import";
  let warnings: PathError[] = [];
  if ("template" in body) {
    const parsed = NewCvBody.safeParse(body);
    if (!parsed.success)
      return refused(
        400,
        "The new CV is not valid",
        parsed.error.issues.map((i) => ({ field: i.path.join(".") || null, reason: i.message })),
      );
    const { template, from } = parsed.data;
    document = from === "profile" ? await documentFromProfile(db, owner.id, template) : emptyDocument(template);
    name = parsed.data.name ?? TEMPLATE_INFO[template].name;
    source = from;
  } else {
    const read = readImport(body);
    if (!read.ok) return refused(400, "The JSON Resume document is not valid", errorsOf(read.errors));
    ({ document, name, warnings } = read);
    source = "import";
  }
  if (tooLarge(document)) return TOO_LARGE;
  const created = await createCv(db, owner, { name, document, source }, now);
  if (!created.ok)
    return refused(409, `You have ${MAX_CVS} CVs, the most an account keeps: delete one you no longer need first`);
  return { status: 201, body: { status: true, cv: cvAnswer(created.cv), warnings: errorsOf(warnings) } };
});

const SaveBody = z.object({
  version: z
    .number({ error: "Give the version the CV was edited from, as a number" })
    .int({ error: "version is a whole number" })
    .min(1, { error: "version is at least 1" }),
  name: CvName.optional(),
  document: z.unknown(),
});

/** PUT /api/cvs/{id}: `{ "version": n, "document": {…}, "name"?: … }`; a stale version answers 409 with the CV as it stands. */
export const saveAnswer = withCv(async ({ request }, owner, id, db, now): Promise<Answer> => {
  const body = await readJsonBody(request, { what: "the CV" });
  if (id === null) return NOT_FOUND;
  const parsed = SaveBody.safeParse(body);
  if (!parsed.success)
    return refused(
      400,
      "The save is not valid",
      parsed.error.issues.map((i) => ({ field: i.path.join(".") || null, reason: i.message })),
    );
  if (parsed.data.document === undefined)
    return refused(400, "The save is not valid", [{ field: "document", reason: "Send the CV document" }]);
  const read = upgradeDocument(parsed.data.document);
  if (!read.ok)
    return refused(
      400,
      "The CV document is not valid",
      errorsOf(read.errors.map((e) => ({ ...e, path: `document.${e.path}` }))),
    );
  if (tooLarge(read.document)) return TOO_LARGE;
  const saved = await saveCv(
    db,
    owner,
    id,
    { document: read.document, version: parsed.data.version, name: parsed.data.name },
    now,
  );
  if (saved.ok) return ok({ cv: cvAnswer(saved.cv) });
  if (saved.reason === "not-found") return NOT_FOUND;
  return {
    status: 409,
    body: {
      status: false,
      message:
        "This CV changed elsewhere (another tab or device saved it). Reload it, or keep yours by saving it again over that version.",
      current: cvAnswer(saved.current),
    },
  };
});

/** DELETE /api/cvs/{id}: the CV goes, restorable for a few seconds. */
export const deleteAnswer = withCv(async (_args, owner, id, db, now) => {
  if (id === null || !(await deleteCv(db, owner, id, now))) return NOT_FOUND;
  return ok({
    deleted: true,
    restoreUntil: new Date(now.getTime() + UNDO_SECONDS * 1000).toISOString(),
    restore: `/api/cvs/${id}/restore`,
  });
});

/** POST /api/cvs/{id}/restore: undoes a deletion within ten seconds. */
export const restoreAnswer = withCv(async (_args, owner, id, db, now) => {
  if (id === null || !(await restoreCv(db, owner, id, now)))
    return refused(404, `There is no CV of yours deleted in the last ${UNDO_SECONDS} seconds with this id`);
  return cvOf(db, owner, id);
});
