import { actorOf, recordAudit } from "~/db/audit.server";
import { and, asc, eq, max } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { careerManualPages, universities } from "~/db/schema";
import { accessContext } from "~/features/access";
import { forRole } from "~/features/access";
import { ownUniversity } from "~/features/access/index.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf } from "~/lib/request-body.server";

type Context = Readonly<RouterContextProvider>;

/** Nobody else's manual is even said to exist. */
const notFound = () => data(null, { status: 404 });

/**
 * The university whose manual this is, and whether the person may edit it: the university's own
 * people who may read its own content (the access state's `internalContent`: active accounts, and
 * pre-departure ones something vouches for; a campus's read their group's) read it; its own active
 * admins edit it.
 */
async function manualFor(context: Context, slug: string) {
  const db = context.get(dbContext);
  const { user, state } = context.get(accessContext);
  const [university] = await db.select().from(universities).where(eq(universities.slug, slug));
  if (!university || !user || !state.internalContent) throw notFound();
  const own = await ownUniversity(context);
  if (!own || (own.id !== university.id && own.groupId !== university.id)) throw notFound();
  // Its own admins edit it, held to the admins' rule (`forRole`), with the university already read.
  return {
    db,
    user,
    university,
    edits: own.id === university.id && forRole("university_admin", state).kind === "open",
  };
}

const pagesOf = (db: Db, universityId: number) =>
  db
    .select()
    .from(careerManualPages)
    .where(eq(careerManualPages.universityId, universityId))
    .orderBy(asc(careerManualPages.position), asc(careerManualPages.id));

/** /career-manual/{university}: the pages; for its admins, with the editor (`?edit=<id>` or `?edit=new`). */
export async function loadManual(request: Request, context: Context, slug: string) {
  const { db, university, edits } = await manualFor(context, slug);
  const pages = await pagesOf(db, university.id);
  const edit = edits ? new URL(request.url).searchParams.get("edit") : null;
  const editing =
    edit === "new" ? { id: null, title: "", body: "" } : edit ? pages.find((p) => String(p.id) === edit) : undefined;
  if (edit && edit !== "new" && !editing) throw notFound();
  return {
    university: { name: university.name, slug: university.slug },
    edits,
    pages: pages.map((p) => ({ id: p.id, title: p.title, bodyHtml: p.bodyHtml, updatedAt: p.updatedAt.toISOString() })),
    editing: editing
      ? "bodyMarkdown" in editing
        ? { id: editing.id, title: editing.title, body: editing.bodyMarkdown }
        : editing
      : null,
  };
}

export type ManualData = Awaited<ReturnType<typeof loadManual>>;

/** What the editor shows again: the page as typed, with its preview or why it was not saved. */
export type ManualAnswer = {
  values: { title: string; body: string };
  previewHtml: string | null;
  errors: Record<string, string>;
};
const reply = (answer: ManualAnswer, status = 200) => data(answer, { status });

const PageSchema = z.object({
  title: z.string().trim().min(1, "Enter the page's title").max(120, "The title is at most 120 characters"),
  body: z.string().trim().min(1, "Write the page").max(20_000, "A page is at most 20,000 characters"),
});

/** Save (new or edited), preview without saving, move up, delete: its admins only. */
export async function manualAction(request: Request, context: Context, slug: string) {
  const { db, user, university, edits } = await manualFor(context, slug);
  if (!edits) throw notFound();
  const form = await formOf(request);
  const now = context.get(clockContext)();
  const here = `/career-manual/${university.slug}`;
  const done = (message: string) =>
    redirect(here, { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });
  const id = Number(form.get("id"));
  const ownPage = async () =>
    Number.isInteger(id) && id > 0
      ? (
          await db
            .select()
            .from(careerManualPages)
            .where(and(eq(careerManualPages.id, id), eq(careerManualPages.universityId, university.id)))
        )[0]
      : undefined;
  const read = () => {
    const values = { title: String(form.get("title") ?? ""), body: String(form.get("body") ?? "") };
    const parsed = PageSchema.safeParse(values);
    return { values, parsed };
  };
  return dispatchIntent<Promise<Response | ReturnType<typeof reply>>>(
    form,
    {
      preview: async () => {
        const { values } = read();
        return reply({ values, previewHtml: renderMarkdown(values.body), errors: {} });
      },
      save: async () => {
        const { values, parsed } = read();
        if (!parsed.success) {
          const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
          return reply({ values, previewHtml: null, errors }, 400);
        }
        const row = {
          title: parsed.data.title,
          bodyMarkdown: parsed.data.body,
          bodyHtml: renderMarkdown(parsed.data.body),
          updatedAt: now,
          updatedBy: user.id,
        };
        const page = form.get("id") ? await ownPage() : null;
        if (page === undefined) throw notFound();
        await db.transaction(async (tx) => {
          let id = page?.id;
          if (page) {
            await tx.update(careerManualPages).set(row).where(eq(careerManualPages.id, page.id));
          } else {
            const [{ last } = { last: 0 }] = await tx
              .select({ last: max(careerManualPages.position) })
              .from(careerManualPages)
              .where(eq(careerManualPages.universityId, university.id));
            [{ id }] = (await tx
              .insert(careerManualPages)
              .values({ ...row, universityId: university.id, position: (last ?? 0) + 1 })
              .returning({ id: careerManualPages.id })) as [{ id: number }];
          }
          await recordAudit(tx, {
            actor: actorOf(user, context),
            action: page ? "career_manual.page_updated" : "career_manual.page_added",
            universityId: university.id,
            target: { type: "career_manual_page", id: id! },
            before: page ? { title: page.title, body: page.bodyMarkdown } : {},
            after: { title: row.title, body: row.bodyMarkdown },
            at: now,
          });
        });
        return done("The page is saved. Your students see it now.");
      },
      delete: async () => {
        const page = await ownPage();
        if (!page) throw notFound();
        await db.transaction(async (tx) => {
          await tx.delete(careerManualPages).where(eq(careerManualPages.id, page.id));
          await recordAudit(tx, {
            actor: actorOf(user, context),
            action: "career_manual.page_deleted",
            universityId: university.id,
            target: { type: "career_manual_page", id: page.id },
            before: { title: page.title, body: page.bodyMarkdown },
            at: now,
          });
        });
        return done(`“${page.title}” is deleted.`);
      },
    },
    async () =>
      reply(
        {
          values: { title: "", body: "" },
          previewHtml: null,
          errors: { form: "That action is not known. Reload the page and try again." },
        },
        400,
      ),
  );
}
