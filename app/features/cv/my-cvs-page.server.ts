import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { requireUser } from "~/features/access/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf } from "~/lib/request-body.server";
import { CvName, cvIdOf, readImport } from "./api.server";
import { TEMPLATES, TEMPLATE_INFO, type TemplateId, emptyDocument } from "./document";
import { documentFromProfile } from "./from-profile.server";
import {
  MAX_CVS,
  UNDO_SECONDS,
  createCv,
  deleteCv,
  duplicateCv,
  listCvs,
  renameCv,
  restoreCv,
  setDefaultCv,
  undoableDeletion,
} from "./queries.server";

export const MY_CVS = "/my-cvs";

const editAddress = (id: number) => `/create-cv?cv=${id}`;

/** The person's CVs, newest edit first, and the one they deleted a moment ago (`?deleted=`), while it can be undone. */
export async function loadMyCvs(context: Readonly<RouterContextProvider>, url: URL) {
  const user = requireUser(context);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const deletedId = cvIdOf(url.searchParams.get("deleted"));
  const [cvs, deleted] = await Promise.all([
    listCvs(db, user),
    deletedId === null ? null : undoableDeletion(db, user, deletedId, now),
  ]);
  return {
    cvs: cvs.map((cv) => ({
      id: cv.id,
      name: cv.name,
      template: TEMPLATE_INFO[cv.template as TemplateId]?.name ?? cv.template,
      version: cv.version,
      paper: cv.paper === "Letter" ? ("Letter" as const) : ("A4" as const),
      isDefault: cv.isDefault,
      updatedAt: cv.updatedAt.toISOString(),
    })),
    deleted: deleted && {
      id: deletedId!,
      name: deleted.name,
      secondsLeft: Math.max(1, Math.ceil((deleted.until.getTime() - now.getTime()) / 1000)),
    },
    max: MAX_CVS,
    templates: TEMPLATES.map((id) => ({ id, ...TEMPLATE_INFO[id] })),
  };
}

export type MyCvsPageData = Awaited<ReturnType<typeof loadMyCvs>>;

/** What the page shows after a button: what went wrong, or an import with the links it read otherwise than written. */
export type MyCvsAnswer = { error: string } | { imported: { file: string; edit: string; warnings: string[] } };
const problem = (message: string, status: number) => data<MyCvsAnswer>({ error: message }, { status });
const FULL = `You have ${MAX_CVS} CVs, the most an account keeps: delete one you no longer need first.`;

/** Every button of /my-cvs: each changes one of the person's own CVs, then comes back with a message. */
export async function myCvsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const done = (message: string, to = MY_CVS) =>
    redirect(to, { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });
  const id = cvIdOf(String(form.get("id") ?? ""));
  const NOT_YOURS = problem("That CV could not be found. It may have been deleted in another tab.", 404);

  return dispatchIntent<Promise<Response | ReturnType<typeof problem>>>(
    form,
    {
      create: async () => {
        const template = String(form.get("template") ?? "");
        if (!(TEMPLATES as readonly string[]).includes(template))
          return problem("Choose a template for the new CV.", 400);
        const fromProfile = form.get("from") === "profile";
        const document = fromProfile
          ? await documentFromProfile(db, user.id, template as TemplateId)
          : emptyDocument(template as TemplateId);
        const made = await createCv(
          db,
          user,
          { name: TEMPLATE_INFO[template as TemplateId].name, document, source: fromProfile ? "profile" : "empty" },
          now,
        );
        if (!made.ok) return problem(FULL, 409);
        return done(
          fromProfile ? "CV started from your profile: check your details, then add your experience." : "CV created.",
          editAddress(made.cv.id),
        );
      },
      import: async () => {
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0)
          return problem("Choose a JSON Resume file (.json) to import.", 400);
        let body: unknown;
        try {
          body = JSON.parse(await file.text());
        } catch {
          return problem(
            `${file.name} is not a JSON file. Export your CV as JSON Resume (.json) and choose that file.`,
            400,
          );
        }
        const read = readImport(body);
        if (!read.ok) {
          const first = read.errors.slice(0, 5).map((e) => `${e.path}: ${e.message}`);
          return problem(
            `${file.name} could not be imported: ${first.join("; ")}${read.errors.length > 5 ? ` (and ${read.errors.length - 5} more)` : ""}.`,
            400,
          );
        }
        const made = await createCv(db, user, { name: read.name, document: read.document, source: "import" }, now);
        if (!made.ok) return problem(FULL, 409);
        // What the import read otherwise than written is for the person to check: shown here, as a flash holds too little.
        if (read.warnings.length)
          return data<MyCvsAnswer>({
            imported: {
              file: file.name,
              edit: editAddress(made.cv.id),
              warnings: read.warnings.map((w) => `${w.message}.`),
            },
          });
        return done(`Imported ${file.name}.`, editAddress(made.cv.id));
      },
      duplicate: async () => {
        const copy = id === null ? null : await duplicateCv(db, user, id, now);
        if (!copy) return NOT_YOURS;
        if (!copy.ok) return problem(FULL, 409);
        return done(`Made “${copy.cv.name}”.`);
      },
      rename: async () => {
        const name = CvName.safeParse(form.get("name") ?? "");
        if (!name.success) return problem(name.error.issues[0]!.message, 400);
        if (id === null || !(await renameCv(db, user, id, name.data, now))) return NOT_YOURS;
        return done(`Renamed to “${name.data}”.`);
      },
      default: async () => {
        if (id === null || !(await setDefaultCv(db, user, id))) return NOT_YOURS;
        return done("Default CV chosen: job applications will offer it first.");
      },
      delete: async () => {
        if (id === null || !(await deleteCv(db, user, id, now))) return NOT_YOURS;
        return redirect(`${MY_CVS}?deleted=${id}`, 303);
      },
      restore: async () => {
        if (id === null || !(await restoreCv(db, user, id, now)))
          return problem(`That CV cannot be brought back: a deletion can be undone for ${UNDO_SECONDS} seconds.`, 410);
        return done("CV brought back.");
      },
    },
    async () => problem("That button is not known here. Reload the page and try again.", 400),
  );
}
