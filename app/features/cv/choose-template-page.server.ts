import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { requireUser } from "~/features/access/index.server";
import { clockContext } from "~/lib/context";
import { formOf } from "~/lib/request-body.server";
import { cvIdOf } from "./api.server";
import { TEMPLATES, TEMPLATE_INFO, type TemplateId } from "./document";
import { getCv, listCvs, saveCv } from "./queries.server";

/**
 * /choose-template shows each template with the person's own CV in it (`?cv=`, else their default
 * CV), or with the sample CV when they have none yet.
 */
export async function loadChooseTemplate(context: Readonly<RouterContextProvider>, url: URL) {
  const user = requireUser(context);
  const db = context.get(dbContext);
  const templates = TEMPLATES.map((id) => ({ id, ...TEMPLATE_INFO[id] }));
  const raw = url.searchParams.get("cv");
  if (raw === null) {
    const cvs = await listCvs(db, user);
    const chosen = cvs.find((c) => c.isDefault) ?? cvs[0];
    if (chosen) throw redirect(`/choose-template?cv=${chosen.id}`);
    return { cv: null, templates };
  }
  const id = cvIdOf(raw);
  const cv = id === null ? null : await getCv(db, user, id);
  if (!cv) throw data(null, { status: 404 });
  return { cv: { id: cv.id, name: cv.name, version: cv.version, template: cv.document.settings.template }, templates };
}

export type ChooseTemplatePageData = Awaited<ReturnType<typeof loadChooseTemplate>>;

/**
 * "Use this template": the CV takes the template (a US résumé moves to Letter paper, and back to A4
 * when it leaves it, unless the person chose the paper themselves) and opens in the editor.
 */
export async function chooseTemplateAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const template = String(form.get("template") ?? "") as TemplateId;
  const id = cvIdOf(String(form.get("cv") ?? ""));
  if (!TEMPLATES.includes(template)) return data({ error: "Choose one of the templates." }, { status: 400 });
  const cv = id === null ? null : await getCv(db, user, id);
  if (!cv) return data({ error: "That CV could not be found. It may have been deleted." }, { status: 404 });
  const settings = cv.document.settings;
  const usual = (t: TemplateId) => (t === "us" ? "Letter" : "A4");
  const paper = settings.paper === usual(settings.template) ? usual(template) : settings.paper;
  const saved = await saveCv(
    db,
    user,
    cv.id,
    { document: { ...cv.document, settings: { ...settings, template, paper } }, version: cv.version },
    context.get(clockContext)(),
  );
  if (!saved.ok)
    return data(
      { error: "This CV changed elsewhere while you chose. Look at the thumbnails again and choose." },
      { status: 409 },
    );
  return redirect(`/create-cv?cv=${cv.id}`, 303);
}
