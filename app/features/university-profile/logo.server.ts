import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { type University, universities, universityLogos } from "~/db/schema";
import { UPLOAD_BYTES } from "~/lib/body-limits";
import { MAX_INPUT_PIXELS } from "~/lib/image-limits";
import { DRAWING_TAGS, sanitiseSvg } from "./svg-sanitise.server";
import { localName, xmlOutline } from "./xml-outline";

/**
 * A university's logo (decisions.md, "Uploads"): a PNG or an SVG of at most 2 MB, its type decided by
 * its bytes, a PNG re-encoded without its metadata and at most 512 pixels on its longest side, an SVG
 * sanitised; stored in the database and served at an address named by a hash of what is stored.
 */

export const LOGO_MAX_BYTES = UPLOAD_BYTES.logo;
export const LOGO_MAX_SIDE = 512;

export type LogoType = "image/png" | "image/svg+xml";
export type Logo = { type: LogoType; data: Buffer };
export type LogoRefusal = { ok: false; status: 400 | 413 | 415; message: string };

const EXTENSION: Record<LogoType, "png" | "svg"> = { "image/png": "png", "image/svg+xml": "svg" };
const WHAT: Record<LogoType, string> = { "image/png": "a PNG image", "image/svg+xml": "an SVG drawing" };

export const LOGO_TOO_LARGE =
  "The logo is larger than 2 MB: upload a smaller PNG (512 pixels across is plenty) or an SVG.";
const NOT_A_LOGO = "The file is neither a PNG image nor an SVG drawing: upload a PNG or an SVG file.";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Other kinds of file a person may try, named in the refusal. */
const OTHER_FORMATS: { test: (b: Uint8Array) => boolean; message: string }[] = [
  {
    test: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
    message: "The file is a GIF image, which a logo cannot be: save it as PNG (or export an SVG) and upload that.",
  },
  {
    test: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
    message: "The file is a JPEG image, which a logo cannot be: save it as PNG (or export an SVG) and upload that.",
  },
  {
    test: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
    message: "The file is a WebP image, which a logo cannot be: save it as PNG (or export an SVG) and upload that.",
  },
  {
    test: (b) => startsWith(b, ascii("%PDF")),
    message: "The file is a PDF document: export the logo from it as PNG or SVG and upload that.",
  },
];

export type Identified =
  | { ok: true; type: "image/png" }
  | { ok: true; type: "image/svg+xml"; text: string }
  | { ok: false; message: string };

/**
 * What the bytes are, never what the file's name or the browser says: a PNG by its signature, an SVG
 * when the bytes are UTF-8 text that parses as XML whose root element is `svg`.
 */
export function identifyLogo(bytes: Uint8Array): Identified {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ok: true, type: "image/png" };
  const other = OTHER_FORMATS.find((f) => f.test(bytes));
  if (other) return { ok: false, message: other.message };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, message: NOT_A_LOGO };
  }
  if (text.includes("\u0000") || !/^\s*</.test(text)) return { ok: false, message: NOT_A_LOGO };
  const outline = xmlOutline(text);
  const root = outline.root;
  if (root && localName(root).toLowerCase() === "html")
    return {
      ok: false,
      message:
        "The file is a web page (HTML), not an SVG drawing: export the logo as SVG or PNG from your drawing program.",
    };
  if (!outline.ok) {
    if (root && localName(root) === "svg")
      return {
        ok: false,
        message: `The SVG is not well-formed XML: ${outline.problem}. Export it again from your drawing program.`,
      };
    if (/^\s*<!doctype\s+html/i.test(text))
      return {
        ok: false,
        message:
          "The file is a web page (HTML), not an SVG drawing: export the logo as SVG or PNG from your drawing program.",
      };
    return { ok: false, message: `The file is not an SVG drawing: ${outline.problem}.` };
  }
  if (localName(outline.root) !== "svg")
    return {
      ok: false,
      message: `The file is XML whose root element is <${outline.root.slice(0, 40)}>, not <svg>: it is not an SVG drawing.`,
    };
  return { ok: true, type: "image/svg+xml", text };
}

/**
 * A file whose name or declared type says something else than its bytes is refused: the name is how
 * the person will know the file again. No name or type (or a generic one) leaves the bytes to decide.
 */
export function declaredMismatch(type: LogoType, fileName: string, declaredType: string): string | null {
  const name = fileName.length > 80 ? `${fileName.slice(0, 77)}…` : fileName;
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension && extension !== EXTENSION[type]) {
    return `“${name}” is named as a .${extension} file but holds ${WHAT[type]}: rename it to end in .${EXTENSION[type]} and upload it again.`;
  }
  const declared = declaredType.split(";")[0]!.trim().toLowerCase();
  if (declared && declared !== "application/octet-stream" && declared !== type) {
    return `The file was sent as ${declared.slice(0, 60)} but holds ${WHAT[type]}: upload the file as it is.`;
  }
  return null;
}

/** A PNG decoded and written anew: no metadata (text chunks, EXIF, ICC), at most 512 pixels on its longest side. */
export async function reencodePng(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** The sanitised drawing, or why nothing usable is left of it. */
export function cleanSvg(text: string): { ok: true; data: Buffer } | { ok: false; message: string } {
  const clean = sanitiseSvg(text);
  const outline = xmlOutline(clean);
  if (!outline.ok || outline.root !== "svg")
    return {
      ok: false,
      message: "Nothing of the SVG drawing was left once its unsafe parts were removed: upload a PNG instead.",
    };
  if (!new RegExp(`<(?:${DRAWING_TAGS.join("|")})\\b`).test(clean)) {
    return {
      ok: false,
      message:
        "The SVG draws nothing without its scripts, embedded images, external files or style sheets, which a logo may not use: upload a PNG instead, or export a plain SVG.",
    };
  }
  return { ok: true, data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${clean}\n`, "utf8") };
}

/** An uploaded file made into the logo to store, or refused (400 nothing sent, 413 too large, 415 not a PNG or SVG). */
export async function prepareLogo(
  bytes: Uint8Array,
  fileName: string,
  declaredType: string,
): Promise<{ ok: true; logo: Logo } | LogoRefusal> {
  if (bytes.byteLength === 0) return { ok: false, status: 400, message: "Choose a PNG or SVG file for the logo." };
  if (bytes.byteLength > LOGO_MAX_BYTES) return { ok: false, status: 413, message: LOGO_TOO_LARGE };
  const identified = identifyLogo(bytes);
  if (!identified.ok) return { ok: false, status: 415, message: identified.message };
  const mismatch = declaredMismatch(identified.type, fileName, declaredType);
  if (mismatch) return { ok: false, status: 415, message: mismatch };
  if (identified.type === "image/png") {
    const data = await reencodePng(bytes);
    return data
      ? { ok: true, logo: { type: "image/png", data } }
      : {
          ok: false,
          status: 415,
          message:
            "The PNG image could not be read: it may be damaged, or too large in pixels. Save it again and upload it.",
        };
  }
  const svg = cleanSvg(identified.text);
  return svg.ok
    ? { ok: true, logo: { type: "image/svg+xml", data: svg.data } }
    : { ok: false, status: 415, message: svg.message };
}

/** The first 16 hex digits of the SHA-256 of the stored bytes: the logo's address changes with it. */
export const logoHashOf = (data: Uint8Array) => createHash("sha256").update(data).digest("hex").slice(0, 16);

export const logoUrlOf = (slug: string, hash: string, type: LogoType) =>
  `/university-logo/${slug}.${hash}.${EXTENSION[type]}`;

/** Stores the university's logo (replacing any) and points `universities.logo_url` at it, in one transaction. */
export async function storeLogo(
  db: Db,
  actor: AuditActor,
  university: Pick<University, "id" | "slug">,
  logo: Logo,
  now: Date,
): Promise<string> {
  const hash = logoHashOf(logo.data);
  const url = logoUrlOf(university.slug, hash, logo.type);
  await db.transaction(async (tx) => {
    const row = { contentType: logo.type, data: logo.data, hash, updatedAt: now };
    await tx
      .insert(universityLogos)
      .values({ universityId: university.id, ...row })
      .onConflictDoUpdate({ target: universityLogos.universityId, set: row });
    await setLogoUrl(tx, actor, university.id, url, now);
  });
  return url;
}

/** Points the university at its logo (or none), with an audit entry when that changes. */
async function setLogoUrl(tx: Db, actor: AuditActor, universityId: number, logoUrl: string | null, now: Date) {
  const [before] = await tx
    .select({ logoUrl: universities.logoUrl })
    .from(universities)
    .where(eq(universities.id, universityId))
    .for("update");
  await tx.update(universities).set({ logoUrl }).where(eq(universities.id, universityId));
  if (before && before.logoUrl !== logoUrl)
    await recordAudit(tx, {
      actor,
      action: logoUrl ? "university.logo_changed" : "university.logo_removed",
      universityId,
      target: { type: "university", id: universityId },
      before,
      after: { logoUrl },
      at: now,
    });
}

/** The university has no logo any more: its stored one is deleted and `logo_url` emptied (one that pointed elsewhere too). */
export async function removeLogo(db: Db, actor: AuditActor, universityId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(universityLogos).where(eq(universityLogos.universityId, universityId));
    await setLogoUrl(tx, actor, universityId, null, now);
  });
}

const LOGO_FILE = /^([a-z0-9][a-z0-9-]*)\.([0-9a-f]{16})\.(png|svg)$/;

/** The stored logo a file name of /university-logo/ names (`{slug}.{hash}.{png|svg}`), or null unless all three match it. */
export async function logoForFile(
  db: Db,
  file: string,
): Promise<{ type: LogoType; data: Buffer; hash: string } | null> {
  const m = LOGO_FILE.exec(file);
  if (!m) return null;
  const [, slug, hash, extension] = m;
  const [row] = await db
    .select({ type: universityLogos.contentType, data: universityLogos.data, hash: universityLogos.hash })
    .from(universityLogos)
    .innerJoin(universities, eq(universities.id, universityLogos.universityId))
    .where(and(eq(universities.slug, slug!), eq(universityLogos.hash, hash!)));
  return row && EXTENSION[row.type] === extension ? row : null;
}

const YEAR = 365 * 24 * 3600;

const notFound = () =>
  new Response("There is no such logo", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

/**
 * GET /university-logo/{slug}.{hash}.{png|svg}: a university's uploaded logo, for its microsite's
 * header (open to visitors: the login page shows it). Only the name of the logo stored now answers;
 * the hash changes with the bytes, so the file is cached for good. An SVG is sandboxed as a document
 * of its own (opened directly, it runs nothing and loads nothing); shown through <img> it never could.
 */
export async function serveLogoFile(request: Request, file: string, context: Readonly<RouterContextProvider>) {
  const logo = await logoForFile(context.get(dbContext), file);
  if (!logo) return notFound();
  const headers: Record<string, string> = {
    "Content-Type": logo.type,
    "Cache-Control": `public, max-age=${YEAR}, immutable`,
    "X-Content-Type-Options": "nosniff",
    ETag: `"${logo.hash}"`,
    ...(logo.type === "image/svg+xml"
      ? { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
      : {}),
  };
  if (request.headers.get("if-none-match") === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(logo.data), {
    headers: { ...headers, "Content-Length": String(logo.data.byteLength) },
  });
}
