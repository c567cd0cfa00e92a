import type { LoaderFunctionArgs } from "react-router";
import { rateLimiterContext } from "~/db/context";
import { jobBySlug } from "~/features/jobs/index.server";
import { clockContext } from "~/lib/context";
import { ok, refused } from "~/lib/json-api.server";
import { readLimited } from "~/lib/request-body.server";
import { NOT_FOUND, withCv } from "./api.server";
import { TEMPLATES, type TemplateId } from "./document";
import {
  PHOTO_UPLOADS,
  cvAtsReport,
  cvDocx,
  cvJsonResume,
  cvPdf,
  deletePhoto,
  fileName,
  pagePng,
  photoOf,
  sampleThumbnail,
  savePhoto,
} from "./files.server";
import { getCv, ownsCv, recordCvEvent } from "./queries.server";

// The CV API's files: a CV rendered (PDF, DOCX, JSON Resume, page images, the ATS check), its photo, the templates' samples.

/** Each render of a CV costs a tenth of a second or more of the server's time: a person's renders in an hour. */
const RENDERS = { max: 300, windowSeconds: 60 * 60 };

const TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  json: "application/json; charset=utf-8",
} as const;

function file(body: Buffer, type: string, headers: Record<string, string> = {}) {
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Length": String(body.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

/** The part of the address after the CV's id: pdf, docx, json, ats-check or pages/:page. */
const kindOf = (pattern: string) => pattern.split("/")[4] as "pdf" | "docx" | "json" | "ats-check" | "pages";

/**
 * GET or POST /api/cvs/{id}/pdf, /docx, /json and /ats-check?job={slug}; GET /pages/{n} (docs/features/cv-builder.md).
 * A GET answers the file or the check and records nothing; a POST (the download page's buttons, its
 * beacon) answers the same and records it, a download or a check, for the university's analytics.
 */
export const answerCvFile = withCv(async ({ request, context, params, pattern }, owner, id, db, now) => {
  const recorded = request.method === "POST";
  const cv = id === null ? null : await getCv(db, owner, id);
  if (!cv) return NOT_FOUND;
  const kind = kindOf(pattern);
  const url = new URL(request.url);
  if (kind === "json") {
    if (recorded) await recordCvEvent(db, owner, "cv.exported", cv.id, now, { format: "json" });
    return file(cvJsonResume(cv), TYPES.json, {
      "Content-Disposition": `attachment; filename="${fileName(cv, "json")}"`,
    });
  }
  // A page the browser holds already costs nothing: answered before the renderings are counted.
  const etag =
    kind === "pages"
      ? `"cv-${cv.id}-${cv.version}-${url.searchParams.get("template") ?? cv.document.settings.template}-${params.page}-${url.searchParams.get("width") ?? 800}"`
      : null;
  if (etag && request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers: { ETag: etag } });
  const wait = await context.get(rateLimiterContext).spend(`cv-render:user:${owner.id}`, RENDERS);
  if (wait)
    return {
      status: 429,
      body: {
        status: false,
        message: `Too many CV renderings in an hour: try again in ${Math.ceil(wait / 60)} minutes`,
      },
    };
  if (kind === "docx") {
    if (recorded) await recordCvEvent(db, owner, "cv.exported", cv.id, now, { format: "docx" });
    return file(await cvDocx(cv), TYPES.docx, {
      "Content-Disposition": `attachment; filename="${fileName(cv, "docx")}"`,
    });
  }
  if (kind === "pdf") {
    const inline = url.searchParams.get("view") === "1";
    if (recorded)
      await recordCvEvent(db, owner, "cv.exported", cv.id, now, {
        format: "pdf",
        template: cv.document.settings.template,
      });
    return file(await cvPdf(db, cv), TYPES.pdf, {
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${fileName(cv, "pdf")}"`,
    });
  }
  if (kind === "ats-check") {
    const slug = url.searchParams.get("job");
    let job: { title: string; description: string } | null = null;
    if (slug) {
      const posting = /^[a-z0-9-]{1,200}$/.test(slug) ? await jobBySlug(db, slug) : null;
      if (!posting)
        return refused(400, "The job is not known", [
          { field: "job", reason: "No job has this address: give the part after /jobs/" },
        ]);
      job = { title: posting.title, description: posting.descriptionMarkdown };
    }
    const report = await cvAtsReport(db, cv, job);
    if (recorded) await recordCvEvent(db, owner, "cv.ats_checked", cv.id, now, { score: report.score, job: slug });
    return ok({ report });
  }
  // A page of the CV as an image: the previews and the templates' thumbnails.
  const page = Number(params.page);
  const width = Number(url.searchParams.get("width") ?? 800);
  const template = url.searchParams.get("template");
  if (!Number.isInteger(page) || page < 1 || page > 10)
    return refused(400, "The page is not valid", [{ field: "page", reason: "A page number from 1 to 10" }]);
  if (!Number.isInteger(width) || width < 100 || width > 1600)
    return refused(400, "The width is not valid", [{ field: "width", reason: "A width in pixels from 100 to 1600" }]);
  if (template !== null && !(TEMPLATES as readonly string[]).includes(template))
    return refused(400, "The template is not known", [{ field: "template", reason: `One of ${TEMPLATES.join(", ")}` }]);
  const png = await pagePng(await cvPdf(db, cv, (template as TemplateId | null) ?? undefined), page, width);
  if (!png) return refused(404, "The CV has fewer pages");
  return file(png, "image/png", { ETag: etag! });
});

/** GET /api/cvs/{id}/photo: the CV's photo, to its owner only. */
export const answerPhoto = withCv(async (_args, owner, id, db) => {
  const photo = id !== null && (await ownsCv(db, owner, id)) ? await photoOf(db, id) : null;
  if (!photo) return NOT_FOUND;
  return new Response(new Uint8Array(photo.data), {
    headers: {
      "Content-Type": photo.type,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

/** PUT /api/cvs/{id}/photo: the image as the body, Content-Type image/jpeg or image/png. */
export const answerPhotoUpload = withCv(async ({ request, context }, owner, id, db) => {
  if (id === null || !(await ownsCv(db, owner, id))) return NOT_FOUND;
  // Counted before the image is read or decoded, the work a flood of uploads would cost.
  const wait = await context.get(rateLimiterContext).spend(`cv-photo:user:${owner.id}`, PHOTO_UPLOADS);
  if (wait) return refused(429, `Too many photo uploads in an hour: try again in ${Math.ceil(wait / 60)} minutes`);
  const bytes = await readLimited(request);
  const saved = await savePhoto(db, id, bytes, request.headers.get("content-type") ?? "", context.get(clockContext)());
  return saved.ok ? ok({ photo: `/api/cvs/${id}/photo` }) : refused(saved.status, saved.message);
});

/** DELETE /api/cvs/{id}/photo. */
export const answerPhotoDelete = withCv(async (_args, owner, id, db) => {
  if (id === null || !(await ownsCv(db, owner, id))) return NOT_FOUND;
  await deletePhoto(db, id);
  return ok({ photo: null });
});

/** GET /api/cv-samples/{template}: the first page of the sample CV in a template, 300 pixels wide (the same for everyone). */
export async function answerCvSample({ params }: LoaderFunctionArgs) {
  const template = params.template as TemplateId;
  if (!TEMPLATES.includes(template)) return refused(404, "There is no such template");
  const png = await sampleThumbnail(template);
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
