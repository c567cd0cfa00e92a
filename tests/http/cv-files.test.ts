import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { events, users } from "~/db/schema";
import { extractPdfText } from "~/features/cv/ats/extract.server";
import { SAMPLE_CV } from "~/features/cv/sample";
import { type TestServer, loginAs, request, requestBytes, startServer } from "./harness";

// The server keeps its data in a folder of this file's, so that its events can be read once it has stopped.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-cv-files-"));
let server: TestServer;
let student: string;
let other: string;
let cvId: number;
let running = true;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir });
  student = await loginAs(server, "student@demo.test");
  other = await loginAs(server, "basic.student@demo.test");
  const created = await send("POST", "/api/cvs", student, JSON.stringify({ template: "uk" }), "application/json");
  cvId = JSON.parse(created.body.toString()).cv.id;
  const saved = await send(
    "PUT",
    `/api/cvs/${cvId}`,
    student,
    JSON.stringify({ version: 1, document: SAMPLE_CV }),
    "application/json",
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  if (running) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A request whose answer is kept as bytes (PDF, DOCX, PNG). */
const send = (
  method: string,
  pathname: string,
  cookie: string | undefined,
  body?: Buffer | string,
  type?: string,
  headers: Record<string, string> = {},
) => requestBytes(server, { method, path: pathname, cookie, body, type, headers });
const json = (reply: { body: Buffer }) => JSON.parse(reply.body.toString());

describe("a CV's files", () => {
  it("gives the PDF, with the CV's text in it, to its owner only", async () => {
    const pdf = await send("GET", `/api/cvs/${cvId}/pdf`, student);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toMatch(/^attachment; filename="[a-z0-9-]+\.pdf"$/);
    expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await extractPdfText(pdf.body);
    for (const words of ["Amara Okafor", "Graduate Data Analyst", "Northwind Retail Group", "University of Manchester"])
      expect(text).toContain(words);
    expect((await send("GET", `/api/cvs/${cvId}/pdf`, other)).status).toBe(404);
    expect((await send("GET", `/api/cvs/${cvId}/pdf`, undefined)).status).toBe(401);
    // The download page's button posts (and the post is recorded: see "events" below).
    const page = await request(server, { path: `/download-cv?cv=${cvId}`, cookie: student });
    for (const format of ["pdf", "docx", "json"])
      expect(page.body).toContain(`action="/api/cvs/${cvId}/${format}" method="post"`);
    const posted = await send("POST", `/api/cvs/${cvId}/pdf`, student);
    expect(posted.headers["content-disposition"]).toBe(pdf.headers["content-disposition"]);
    expect(posted.body.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await send("POST", `/api/cvs/${cvId}/pdf`, other)).status).toBe(404);
  });

  it("gives the DOCX and the JSON Resume", async () => {
    const docx = await send("GET", `/api/cvs/${cvId}/docx`, student);
    expect(docx.status).toBe(200);
    expect(docx.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(docx.body.subarray(0, 2).toString()).toBe("PK");
    const resume = await send("GET", `/api/cvs/${cvId}/json`, student);
    expect(resume.headers["content-disposition"]).toMatch(/\.json"$/);
    const body = json(resume);
    expect(body.basics.name).toBe("Amara Okafor");
    expect(body.work[0].position).toBe("Graduate Data Analyst");
    expect((await send("GET", `/api/cvs/${cvId}/docx`, other)).status).toBe(404);
    expect((await send("POST", `/api/cvs/${cvId}/docx`, student)).body.subarray(0, 2).toString()).toBe("PK");
    expect(json(await send("POST", `/api/cvs/${cvId}/json`, student)).basics.name).toBe("Amara Okafor");
  });

  it("draws a page as a PNG, in another template on request, and says when the page or template is not there", async () => {
    const page = await send("GET", `/api/cvs/${cvId}/pages/1?width=300&template=modern`, student);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("image/png");
    const { width, height } = await sharp(page.body).metadata();
    expect(width).toBe(300);
    // A4: 842 / 595 points.
    expect(Math.abs(height! / width! - 842 / 595)).toBeLessThan(0.01);
    const again = await send(
      "GET",
      `/api/cvs/${cvId}/pages/1?width=300&template=modern`,
      student,
      undefined,
      undefined,
      { "If-None-Match": String(page.headers.etag) },
    );
    expect(again.status).toBe(304);
    expect((await send("GET", `/api/cvs/${cvId}/pages/9?width=300`, student)).status).toBe(404);
    expect(json(await send("GET", `/api/cvs/${cvId}/pages/1?template=fancy`, student)).errors[0].field).toBe(
      "template",
    );
    expect((await send("GET", `/api/cvs/${cvId}/pages/1?width=5000`, student)).status).toBe(400);
    expect((await send("POST", `/api/cvs/${cvId}/pages/1`, student)).status).toBe(405);
    const sample = await send("GET", "/api/cv-samples/us", undefined);
    expect(sample.headers["content-type"]).toBe("image/png");
    // US Letter: 792 / 612 points.
    const meta = await sharp(sample.body).metadata();
    expect(Math.abs(meta.height! / meta.width! - 792 / 612)).toBeLessThan(0.01);
  });

  it("runs the ATS check, against a job of the site when given one", async () => {
    const plain = json(await send("GET", `/api/cvs/${cvId}/ats-check`, student));
    expect(plain.report.score).toBeGreaterThan(50);
    expect(
      plain.report.findings.some((f: { id: string; status: string }) => f.id === "headings" && f.status === "pass"),
    ).toBe(true);
    expect(plain.report.keyTerms).toBeNull();
    const jobs = JSON.parse((await request(server, { path: "/api/jobs?q=software%20developer" })).body);
    const slug = jobs.results[0].slug;
    const withJob = json(await send("GET", `/api/cvs/${cvId}/ats-check?job=${slug}`, student));
    expect(withJob.report.keyTerms.found.length + withJob.report.keyTerms.missing.length).toBeGreaterThan(0);
    const unknown = await send("GET", `/api/cvs/${cvId}/ats-check?job=no-such-job`, student);
    expect(unknown.status).toBe(400);
    expect(json(unknown).errors[0].field).toBe("job");
    // What the pages that show a check post (their beacon): the same report, recorded.
    expect(json(await send("POST", `/api/cvs/${cvId}/ats-check`, student)).report.score).toBe(plain.report.score);
    expect(json(await send("POST", `/api/cvs/${cvId}/ats-check?job=${slug}`, student)).report).toEqual(withJob.report);
  });
});

describe("a CV's photo", () => {
  it("takes a JPEG or PNG that is what it says, without its metadata, and refuses anything else", async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#336699" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret Camera Owner" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const put = await send("PUT", `/api/cvs/${cvId}/photo`, student, jpeg, "image/jpeg");
    expect(put.status).toBe(200);
    const photo = await send("GET", `/api/cvs/${cvId}/photo`, student);
    expect(photo.headers["content-type"]).toBe("image/jpeg");
    const stored = await sharp(photo.body).metadata();
    expect(stored.exif).toBeUndefined();
    expect(Math.max(stored.width!, stored.height!)).toBe(600);
    expect((await send("GET", `/api/cvs/${cvId}/photo`, other)).status).toBe(404);
    expect((await send("PUT", `/api/cvs/${cvId}/photo`, other, jpeg, "image/jpeg")).status).toBe(404);

    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const lying = await send("PUT", `/api/cvs/${cvId}/photo`, student, png, "image/jpeg");
    expect(lying.status).toBe(415);
    expect(json(lying).message).toBe("The file says it is image/jpeg but is image/png: send it as it is");
    const text = await send(
      "PUT",
      `/api/cvs/${cvId}/photo`,
      student,
      Buffer.from("<svg onload=alert(1)>"),
      "image/png",
    );
    expect(text.status).toBe(415);
    const large = await send(
      "PUT",
      `/api/cvs/${cvId}/photo`,
      student,
      Buffer.alloc(2 * 1024 * 1024 + 1, 0xff),
      "image/jpeg",
    );
    expect(large.status).toBe(413);
    // The rest of the refused body is on its connection: it closes, so the next request (on a new one) is answered.
    expect(large.headers.connection).toBe("close");
    // The refused ones left the photo as it was.
    expect((await send("GET", `/api/cvs/${cvId}/photo`, student)).body.equals(photo.body)).toBe(true);
    expect((await send("DELETE", `/api/cvs/${cvId}/photo`, student)).status).toBe(200);
    expect((await send("GET", `/api/cvs/${cvId}/photo`, student)).status).toBe(404);
  });

  // A flat colour compresses to a few kilobytes whatever its size in pixels: decoding it is what costs.
  const flat = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#777777" } })
      .png({ compressionLevel: 9 })
      .toBuffer();

  it("refuses a photo of more than 40 megapixels before decoding it, with a message saying so", async () => {
    const huge = await flat(8000, 5001);
    expect(huge.byteLength).toBeLessThan(2 * 1024 * 1024);
    const refused = await send("PUT", `/api/cvs/${cvId}/photo`, student, huge, "image/png");
    expect(refused.status).toBe(413);
    expect(json(refused).message).toBe(
      "The photo is 8,000 × 5,001 pixels, more than 40 megapixels: make it smaller (600 pixels across is plenty) and upload it again",
    );
    expect((await send("GET", `/api/cvs/${cvId}/photo`, student)).status).toBe(404);
    // 40 megapixels exactly is taken.
    expect((await send("PUT", `/api/cvs/${cvId}/photo`, student, await flat(8000, 5000), "image/png")).status).toBe(
      200,
    );
  });

  it("takes at most 30 photo uploads an hour from a person, counted before the image is read", async () => {
    const created = await send("POST", "/api/cvs", other, JSON.stringify({ template: "europass" }), "application/json");
    const own = json(created).cv.id;
    const small = await flat(20, 20);
    for (let i = 0; i < 30; i++)
      expect((await send("PUT", `/api/cvs/${own}/photo`, other, small, "image/png")).status).toBe(200);
    const over = await send("PUT", `/api/cvs/${own}/photo`, other, await flat(8000, 5001), "image/png");
    expect(over.status).toBe(429);
    expect(json(over).message).toMatch(/^Too many photo uploads in an hour: try again in \d+ minutes$/);
    // Another person's uploads are their own.
    expect((await send("PUT", `/api/cvs/${cvId}/photo`, student, small, "image/png")).status).toBe(200);
  });
});

describe("events", () => {
  it("records each download and ATS check posted (none a GET answered) with the student's university", async () => {
    if (!server.env.DATABASE_URL) {
      await server.stop();
      running = false;
    }
    const database = await openDatabase(server.env.DATABASE_URL ? { url: server.env.DATABASE_URL } : { dataDir });
    try {
      const [me] = await database.db.select().from(users).where(eq(users.email, "student@demo.test"));
      const rows = await database.db
        .select({ kind: events.kind, data: events.data, universityId: events.universityId })
        .from(events)
        .where(and(eq(events.userId, me!.id), inArray(events.kind, ["cv.created", "cv.exported", "cv.ats_checked"])));
      const formats = rows.filter((r) => r.kind === "cv.exported").map((r) => r.data.format);
      expect(formats.sort()).toEqual(["docx", "json", "pdf"]);
      expect(rows.filter((r) => r.kind === "cv.ats_checked")).toHaveLength(2);
      expect(rows.filter((r) => r.kind === "cv.created")).toHaveLength(1);
      expect(rows.every((r) => r.universityId === me!.universityId)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
