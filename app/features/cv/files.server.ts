import { eq } from "drizzle-orm";
import sharp from "sharp";
import { getDocumentProxy } from "unpdf";
import type { Db } from "~/db/client.server";
import { cvPhotos } from "~/db/schema";
import { UPLOAD_BYTES } from "~/lib/body-limits";
import { MAX_INPUT_PIXELS } from "~/lib/image-limits";
import type { Limit } from "~/lib/rate-limit";
import { slugify } from "~/lib/slug";
import { type AtsReport, atsCheck } from "./ats/check";
import { extractPdfText } from "./ats/extract.server";
import type { CvDocument, TemplateId } from "./document";
import { renderCvDocx } from "./docx/render.server";
import { toJsonResume } from "./json-resume";
import { renderCvPdf } from "./pdf/render.server";
import { pdfPagesAsPng } from "./pdf/pages.server";
import type { OwnedCv } from "./queries.server";
import { SAMPLE_CV } from "./sample";

/** A photo as the person sends it: JPEG or PNG, at most 2 MB (the body limit of its address). */
export const PHOTO_MAX_BYTES = UPLOAD_BYTES.cvPhoto;
/** Photo uploads a person may make in an hour: each is decoded and re-encoded, a few tenths of a second of the server's time. */
export const PHOTO_UPLOADS: Limit = { max: 30, windowSeconds: 60 * 60 };
/** The longest side a photo is kept at: a CV prints it a few centimetres wide. */
const PHOTO_MAX_SIDE = 600;

export type Photo = { data: Buffer; type: "image/jpeg" | "image/png"; updatedAt: Date };

export async function photoOf(db: Db, cvId: number): Promise<Photo | null> {
  const [row] = await db.select().from(cvPhotos).where(eq(cvPhotos.cvId, cvId));
  return row ? { data: row.data, type: row.contentType as Photo["type"], updatedAt: row.updatedAt } : null;
}

/** When a CV's photo last changed, or null without one: what its renderings are known by, without reading the image. */
export async function photoStampOf(db: Db, cvId: number): Promise<Date | null> {
  const [row] = await db.select({ updatedAt: cvPhotos.updatedAt }).from(cvPhotos).where(eq(cvPhotos.cvId, cvId));
  return row?.updatedAt ?? null;
}

/** What the bytes are, by their first bytes (never by what the sender says). */
export function imageTypeOf(bytes: Uint8Array): "image/jpeg" | "image/png" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "image/png";
  return null;
}

export type PhotoOutcome = { ok: true } | { ok: false; status: 413 | 415; message: string };

/**
 * Stores a CV's photo: only a JPEG or PNG whose bytes say what its type says, of at most 40
 * megapixels, re-encoded (which drops its metadata: location, camera, dates) and made at most 600
 * pixels on its longest side.
 */
export async function savePhoto(
  db: Db,
  cvId: number,
  bytes: Uint8Array,
  declaredType: string,
  now: Date,
): Promise<PhotoOutcome> {
  if (bytes.byteLength > PHOTO_MAX_BYTES)
    return { ok: false, status: 413, message: "A photo is at most 2 MB: choose a smaller one" };
  const type = imageTypeOf(bytes);
  const declared = declaredType.split(";")[0]!.trim().toLowerCase();
  if (!type) return { ok: false, status: 415, message: "A photo must be a JPEG or PNG image" };
  if (declared !== type && !(declared === "image/jpg" && type === "image/jpeg"))
    return {
      ok: false,
      status: 415,
      message: `The file says it is ${declared || "nothing"} but is ${type}: send it as it is`,
    };
  // The header's size first, which costs nothing, for a message that says what is wrong; the decoder's own limit holds whatever the header says.
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_INPUT_PIXELS) {
    return {
      ok: false,
      status: 413,
      message: `The photo is ${width.toLocaleString("en-GB")} × ${height.toLocaleString("en-GB")} pixels, more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels: make it smaller (${PHOTO_MAX_SIDE} pixels across is plenty) and upload it again`,
    };
  }
  let data: Buffer;
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: "inside", withoutEnlargement: true });
    data = type === "image/png" ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
  } catch {
    return { ok: false, status: 415, message: "The image could not be read: it may be damaged" };
  }
  await db
    .insert(cvPhotos)
    .values({ cvId, contentType: type, data, updatedAt: now })
    .onConflictDoUpdate({ target: cvPhotos.cvId, set: { contentType: type, data, updatedAt: now } });
  return { ok: true };
}

export async function deletePhoto(db: Db, cvId: number): Promise<void> {
  await db.delete(cvPhotos).where(eq(cvPhotos.cvId, cvId));
}

/**
 * The last few PDFs made, by CV, version, template and photo: the preview's pages, the ATS check
 * and a download that follow one another read one rendering.
 */
const rendered = new Map<string, Promise<Buffer>>();
const RENDERED_KEPT = 32;

function remember(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const held = rendered.get(key);
  if (held) {
    rendered.delete(key);
    rendered.set(key, held);
    return held;
  }
  const made = make();
  rendered.set(key, made);
  made.catch(() => rendered.delete(key));
  while (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
  return made;
}

/** The CV's PDF (in another template when `template` is given: /choose-template's thumbnails). */
export async function cvPdf(db: Db, cv: OwnedCv, template?: TemplateId): Promise<Buffer> {
  const document: CvDocument = template
    ? { ...cv.document, settings: { ...cv.document.settings, template } }
    : cv.document;
  const stamp = await photoStampOf(db, cv.id);
  const key = `${cv.id}:${cv.version}:${document.settings.template}:${stamp?.getTime() ?? 0}`;
  return remember(key, async () => renderCvPdf(document, { photo: stamp ? await photoOf(db, cv.id) : null }));
}

/**
 * The first page of the sample CV in a template, 300 pixels wide: what /choose-template shows a person
 * who has written nothing yet. The same for everyone and open to visitors, so drawn once and kept.
 */
const samples = new Map<TemplateId, Promise<Buffer>>();
export function sampleThumbnail(template: TemplateId): Promise<Buffer> {
  let held = samples.get(template);
  if (!held) {
    held = renderCvPdf(
      { ...SAMPLE_CV, settings: { ...SAMPLE_CV.settings, template, paper: template === "us" ? "Letter" : "A4" } },
      { photo: null },
    ).then(async (pdf) => (await pagePng(pdf, 1, 300))!);
    samples.set(template, held);
    held.catch(() => samples.delete(template));
  }
  return held;
}

/** A document's page as a PNG `width` pixels wide (1-based), or null past its last page. */
export async function pagePng(pdf: Buffer, page: number, width: number): Promise<Buffer | null> {
  const pages = await pdfPagesAsPng(pdf, { width, maxPages: page });
  return pages[page - 1] ?? null;
}

/** How many pages a PDF has. */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  try {
    return proxy.numPages;
  } finally {
    await proxy.destroy();
  }
}

export const cvDocx = (cv: OwnedCv) => renderCvDocx(cv.document);
export const cvJsonResume = (cv: OwnedCv) => Buffer.from(`${JSON.stringify(toJsonResume(cv.document), null, 2)}\n`);

/** The CV's own PDF read back as a machine would, against a job's key terms when one is given. */
export async function cvAtsReport(
  db: Db,
  cv: OwnedCv,
  job: { title: string; description: string } | null,
): Promise<AtsReport> {
  const pdfText = await extractPdfText(await cvPdf(db, cv));
  return atsCheck({ pdfText, doc: cv.document, job });
}

/** A file name for a download: the CV's name as an address segment, or "cv". */
export const fileName = (cv: Pick<OwnedCv, "name">, extension: string) => `${slugify(cv.name) || "cv"}.${extension}`;
