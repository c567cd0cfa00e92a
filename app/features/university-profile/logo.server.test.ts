import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, universities, universityLogos } from "~/db/schema";
import { createUniversity } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  LOGO_MAX_BYTES,
  declaredMismatch,
  identifyLogo,
  logoForFile,
  logoHashOf,
  prepareLogo,
  reencodePng,
  removeLogo,
  storeLogo,
} from "./logo.server";

const NOW = new Date("2026-11-23T12:00:00Z");
const PLAIN_SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#6d28d9"/><text x="8" y="40" fill="#fff">DU</text></svg>\n';
const svgBytes = (text: string) => Buffer.from(text, "utf8");

/** A PNG chunk, as the format writes one: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG with a text chunk (a "Comment" naming a place) and EXIF, as a camera or an editor may leave them. */
async function pngWithMetadata(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width, height, channels: 4, background: "#6d28d9" } })
    .png()
    .withExif({ IFD0: { Copyright: "Secret Studio Ltd" } })
    .toBuffer();
  // After the signature (8 bytes) and IHDR (8 + 13 + 4 bytes).
  const at = 8 + 25;
  return Buffer.concat([
    png.subarray(0, at),
    pngChunk("tEXt", Buffer.from("Comment\0Drawn at 51.5007N 0.1246W", "latin1")),
    png.subarray(at),
  ]);
}

const ADMIN = { id: 1, role: "university_admin", ip: "203.0.113.8" };

describe("identifyLogo: the type is decided by the bytes", () => {
  it("knows a PNG by its signature and an SVG by its XML root", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(identifyLogo(png)).toEqual({ ok: true, type: "image/png" });
    expect(identifyLogo(svgBytes(PLAIN_SVG))).toMatchObject({ ok: true, type: "image/svg+xml" });
    expect(identifyLogo(svgBytes(`\uFEFF  \n${PLAIN_SVG}`))).toMatchObject({ ok: true, type: "image/svg+xml" });
  });

  it("names the other images people try", async () => {
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    expect(identifyLogo(gif)).toEqual({
      ok: false,
      message: "The file is a GIF image, which a logo cannot be: save it as PNG (or export an SVG) and upload that.",
    });
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    expect(identifyLogo(jpeg)).toEqual({
      ok: false,
      message: "The file is a JPEG image, which a logo cannot be: save it as PNG (or export an SVG) and upload that.",
    });
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    expect(identifyLogo(webp)).toMatchObject({ ok: false, message: expect.stringContaining("WebP") });
    expect(identifyLogo(Buffer.from("%PDF-1.7\n..."))).toMatchObject({
      ok: false,
      message: expect.stringContaining("PDF"),
    });
  });

  it("refuses HTML pretending to be SVG", () => {
    const page =
      '<!DOCTYPE html>\n<html><head><title>x</title></head><body><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg><script>alert(1)</script></body></html>';
    const message =
      "The file is a web page (HTML), not an SVG drawing: export the logo as SVG or PNG from your drawing program.";
    expect(identifyLogo(svgBytes(page))).toEqual({ ok: false, message });
    // Not well-formed either way: still told it is a web page.
    expect(identifyLogo(svgBytes("<!doctype html><meta charset=utf-8><svg><rect></svg>"))).toEqual({
      ok: false,
      message,
    });
    expect(identifyLogo(svgBytes("<html><body><br><svg></svg></body></html>"))).toEqual({ ok: false, message });
  });

  it("refuses XML of another kind, broken SVG and what is not text", () => {
    expect(identifyLogo(svgBytes('<?xml version="1.0"?><rss version="2.0"><channel/></rss>'))).toEqual({
      ok: false,
      message: "The file is XML whose root element is <rss>, not <svg>: it is not an SVG drawing.",
    });
    expect(
      identifyLogo(svgBytes('<svg xmlns="http://www.w3.org/2000/svg"><g><rect width="1" height="1"/></svg>')),
    ).toEqual({
      ok: false,
      message:
        "The SVG is not well-formed XML: <g> is closed by </svg> (line 1). Export it again from your drawing program.",
    });
    const notALogo = "The file is neither a PNG image nor an SVG drawing: upload a PNG or an SVG file.";
    expect(identifyLogo(Buffer.from("just some words"))).toEqual({ ok: false, message: notALogo });
    expect(identifyLogo(Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x73, 0x00]))).toEqual({ ok: false, message: notALogo });
    expect(identifyLogo(Buffer.from([0x00, 0x01, 0x02]))).toEqual({ ok: false, message: notALogo });
  });
});

describe("declaredMismatch: a name or type that says otherwise is refused", () => {
  it("refuses a PNG named .svg and an SVG declared as PNG, and leaves the bytes to decide without a name or type", () => {
    expect(declaredMismatch("image/png", "logo.svg", "image/svg+xml")).toBe(
      "“logo.svg” is named as a .svg file but holds a PNG image: rename it to end in .png and upload it again.",
    );
    expect(declaredMismatch("image/svg+xml", "logo", "image/png")).toBe(
      "The file was sent as image/png but holds an SVG drawing: upload the file as it is.",
    );
    expect(declaredMismatch("image/svg+xml", "logo.png", "")).toBe(
      "“logo.png” is named as a .png file but holds an SVG drawing: rename it to end in .svg and upload it again.",
    );
    expect(declaredMismatch("image/png", "Logo.PNG", "image/png")).toBeNull();
    expect(declaredMismatch("image/svg+xml", "crest.svg", "image/svg+xml")).toBeNull();
    expect(declaredMismatch("image/png", "blob", "application/octet-stream")).toBeNull();
    expect(declaredMismatch("image/png", "", "")).toBeNull();
  });
});

describe("prepareLogo", () => {
  it("re-encodes a PNG without its metadata, at most 512 pixels on its longest side", async () => {
    const original = await pngWithMetadata(2000, 1000);
    expect(original.includes("Drawn at 51.5007N")).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const prepared = await prepareLogo(original, "crest.png", "image/png");
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.logo.type).toBe("image/png");
    const stored = prepared.logo.data;
    expect(stored.includes("Drawn at 51.5007N")).toBe(false);
    expect(stored.includes("Secret Studio")).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "png", width: 512, height: 256 });
    expect(meta.exif).toBeUndefined();
    // A small one keeps its size.
    const small = await reencodePng(await pngWithMetadata(100, 40));
    expect(await sharp(small!).metadata()).toMatchObject({ width: 100, height: 40 });
  });

  it("refuses a damaged PNG, and one too large in pixels", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const damaged = await prepareLogo(png.subarray(0, 60), "logo.png", "image/png");
    expect(damaged).toMatchObject({
      ok: false,
      status: 415,
      message: expect.stringContaining("The PNG image could not be read"),
    });
    // A header claiming 10,000 × 10,000 pixels: refused before anything is decoded.
    const huge = Buffer.from(png);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(10_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    expect(await prepareLogo(huge, "logo.png", "image/png")).toMatchObject({ ok: false, status: 415 });
  });

  it("stores an SVG sanitised, and refuses one with nothing safe left to draw", async () => {
    const hostile = PLAIN_SVG.replace(
      "</svg>",
      '<script>alert(1)</script><foreignObject><iframe src="https://evil.example"/></foreignObject><image href="https://evil.example/t.png"/></svg>',
    ).replace("<svg ", '<svg onload="alert(2)" ');
    const prepared = await prepareLogo(svgBytes(hostile), "crest.svg", "image/svg+xml");
    if (!prepared.ok) throw new Error(prepared.message);
    const text = prepared.logo.data.toString("utf8");
    expect(prepared.logo.type).toBe("image/svg+xml");
    expect(text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg viewBox="0 0 64 64" xmlns="http://www.w3.org/2000/svg"><rect width="64" height="64" fill="#6d28d9"></rect><text x="8" y="40" fill="#fff">DU</text></svg>\n',
    );
    const onlyAnImage =
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/png;base64,iVBORw0KGgo=" width="64" height="64"/></svg>';
    expect(await prepareLogo(svgBytes(onlyAnImage), "crest.svg", "image/svg+xml")).toMatchObject({
      ok: false,
      status: 415,
      message: expect.stringContaining("The SVG draws nothing"),
    });
  });

  it("judges a drawing of 40,000 attributes as the SVG it is, keeping only the allowed ones (its work is counted in xml-outline.test.ts)", async () => {
    const attributes = Array.from({ length: 40_000 }, (_, i) => ` data-a${i}="${i}"`).join("");
    const crowded = PLAIN_SVG.replace('<rect width="64"', `<rect${attributes} width="64"`);
    const prepared = await prepareLogo(svgBytes(crowded), "crest.svg", "image/svg+xml");
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.logo.data.toString("utf8")).toContain('<rect width="64" height="64" fill="#6d28d9"></rect>');
  });

  it("refuses nothing, too much, and files whose name or type says otherwise", async () => {
    expect(await prepareLogo(new Uint8Array(), "logo.png", "image/png")).toEqual({
      ok: false,
      status: 400,
      message: "Choose a PNG or SVG file for the logo.",
    });
    const big = Buffer.alloc(LOGO_MAX_BYTES + 1, 0x20);
    expect(await prepareLogo(big, "logo.svg", "image/svg+xml")).toMatchObject({
      ok: false,
      status: 413,
      message: expect.stringContaining("larger than 2 MB"),
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(await prepareLogo(png, "logo.svg", "image/svg+xml")).toMatchObject({
      ok: false,
      status: 415,
      message: expect.stringContaining("“logo.svg” is named as a .svg file but holds a PNG image"),
    });
    expect(await prepareLogo(svgBytes(PLAIN_SVG), "logo", "image/png")).toMatchObject({
      ok: false,
      status: 415,
      message: "The file was sent as image/png but holds an SVG drawing: upload the file as it is.",
    });
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    expect(await prepareLogo(gif, "logo.png", "image/png")).toMatchObject({
      ok: false,
      status: 415,
      message: expect.stringContaining("GIF"),
    });
  });
});

describe("storing and serving", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it("stores a logo under the hash of its bytes, replaces it, serves only the current one of that university, and removes it", async () => {
    const db = database.db;
    const mine = await createUniversity(db, { logoUrl: "/brand/old.svg" });
    const theirs = await createUniversity(db);
    const png = (await prepareLogo(await pngWithMetadata(40, 40), "logo.png", "image/png")) as {
      ok: true;
      logo: { type: "image/png"; data: Buffer };
    };
    const url = await storeLogo(db, ADMIN, mine, png.logo, NOW);
    const hash = createHash("sha256").update(png.logo.data).digest("hex").slice(0, 16);
    expect(logoHashOf(png.logo.data)).toBe(hash);
    expect(url).toBe(`/university-logo/${mine.slug}.${hash}.png`);
    expect((await db.select().from(universities).where(eq(universities.id, mine.id)))[0]!.logoUrl).toBe(url);
    const served = await logoForFile(db, `${mine.slug}.${hash}.png`);
    expect(served?.type).toBe("image/png");
    expect(served?.data.equals(png.logo.data)).toBe(true);
    // The wrong extension, another university's slug, a made-up hash, a path trick: nothing.
    for (const file of [
      `${mine.slug}.${hash}.svg`,
      `${theirs.slug}.${hash}.png`,
      `${mine.slug}.0000000000000000.png`,
      `${mine.slug}.${hash.toUpperCase()}.png`,
      `../${mine.slug}.${hash}.png`,
      `${mine.slug}.${hash}.png.exe`,
    ]) {
      expect(await logoForFile(db, file), file).toBeNull();
    }

    const svg = (await prepareLogo(svgBytes(PLAIN_SVG), "logo.svg", "image/svg+xml")) as {
      ok: true;
      logo: { type: "image/svg+xml"; data: Buffer };
    };
    const replaced = await storeLogo(db, ADMIN, mine, svg.logo, NOW);
    expect(replaced).toMatch(new RegExp(`^/university-logo/${mine.slug}\\.[0-9a-f]{16}\\.svg$`));
    expect(await logoForFile(db, `${mine.slug}.${hash}.png`)).toBeNull();
    expect((await logoForFile(db, replaced.split("/").at(-1)!))?.type).toBe("image/svg+xml");
    expect(await db.select().from(universityLogos).where(eq(universityLogos.universityId, mine.id))).toHaveLength(1);

    await removeLogo(db, ADMIN, mine.id, NOW);
    expect(await logoForFile(db, replaced.split("/").at(-1)!)).toBeNull();
    expect((await db.select().from(universities).where(eq(universities.id, mine.id)))[0]!.logoUrl).toBeNull();
    // Removing a logo that only pointed elsewhere (a seeded one) empties the address too.
    await db.update(universities).set({ logoUrl: "/brand/x.svg" }).where(eq(universities.id, theirs.id));
    await removeLogo(db, ADMIN, theirs.id, NOW);
    expect((await db.select().from(universities).where(eq(universities.id, theirs.id)))[0]!.logoUrl).toBeNull();
    // Each change of the address is in the audit log, by whom and from what to what.
    const audited = await db.select().from(auditLog).where(eq(auditLog.universityId, mine.id)).orderBy(auditLog.id);
    expect(audited.map((a) => [a.action, a.actorId, a.changes.logoUrl])).toEqual([
      ["university.logo_changed", ADMIN.id, { before: "/brand/old.svg", after: url }],
      ["university.logo_changed", ADMIN.id, { before: url, after: replaced }],
      ["university.logo_removed", ADMIN.id, { before: replaced, after: null }],
    ]);
  });
});
