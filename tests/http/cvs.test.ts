import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_CV } from "~/features/cv/sample";
import JSON_RESUME_SAMPLE from "~/features/cv/test-fixtures/jsonresume-sample.resume.json";
import { accountIn, createSession, createUniversity, createUser } from "../support/factories";
import { type TestServer, loginAs, request, startServerWithData } from "./harness";
import { TEST_SESSION_SECRET } from "./server-template";

let server: TestServer;
let student: string;
let other: string;
/** Sessions of accounts that are not active (made directly: a deactivated account cannot log in). */
let inactive: Record<"awaiting" | "refused" | "expired" | "deactivated", string>;
beforeAll(async () => {
  ({ server, prepared: inactive } = await startServerWithData(
    async (db) => {
      const uni = await createUniversity(db, { name: "Inactive University" });
      const sessionOf = async (fields: Parameters<typeof createUser>[1]) => {
        const user = await createUser(db, { universityId: uni.id, ...fields });
        return `sid=${(await createSession(db, user.id, TEST_SESSION_SECRET)).token}`;
      };
      return {
        awaiting: await sessionOf(accountIn("awaiting_approval")),
        refused: await sessionOf(accountIn("refused")),
        expired: await sessionOf({ ...accountIn("active"), accessExpiresAt: new Date(Date.now() - 86_400_000) }),
        deactivated: await sessionOf({ ...accountIn("active"), accessStatus: "deactivated" }),
      };
    },
    { SESSION_SECRET: TEST_SESSION_SECRET },
  ));
  student = await loginAs(server, "student@demo.test");
  other = await loginAs(server, "basic.student@demo.test");
});
afterAll(() => server?.stop());

const sameSite = () => ({ Origin: server.origin, "Sec-Fetch-Site": "same-origin" });
async function api(
  method: string,
  path: string,
  cookie: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const reply = await request(server, {
    path,
    method,
    cookie,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    headers: { ...(body !== undefined && { "Content-Type": "application/json" }), ...sameSite(), ...headers },
  });
  return { status: reply.status, headers: reply.headers, body: reply.body ? JSON.parse(reply.body) : null };
}

describe("the CV API", () => {
  it("answers a visitor 401 and takes no CV", async () => {
    expect((await api("GET", "/api/cvs", undefined)).status).toBe(401);
    expect((await api("POST", "/api/cvs", undefined, { template: "uk" })).status).toBe(401);
  });

  it("answers an account that is not active 403, saying why as the page it lands on does", async () => {
    const said = async (cookie: string) => {
      const reply = await api("GET", "/api/cvs", cookie);
      expect(reply.status).toBe(403);
      expect(reply.body.status).toBe(false);
      return reply.body.message;
    };
    expect(await said(inactive.awaiting)).toBe("Your account is waiting for your university's approval");
    expect(await said(inactive.refused)).toBe("Your university did not approve your account");
    expect(await said(inactive.expired)).toBe("The access your university gave your account has ended");
    expect(await said(inactive.deactivated)).toBe("Your account has been deactivated");
  });

  it("starts a CV from the profile, lists it, and keeps it to its owner", async () => {
    const created = await api("POST", "/api/cvs", student, { template: "europass", from: "profile" });
    expect(created.status).toBe(201);
    const cv = created.body.cv;
    expect(cv).toMatchObject({ name: "Europass CV", template: "europass", version: 1 });
    expect(cv.document.basics).toMatchObject({ email: "student@demo.test" });
    expect(cv.document.basics.name).not.toBe("");
    expect(cv.document.education[0].institution).toBe("Demo University");

    const list = await api("GET", "/api/cvs", student);
    expect(list.body.cvs.map((c: { id: number }) => c.id)).toContain(cv.id);
    expect(list.body.cvs[0]).not.toHaveProperty("document");

    // Another student's reads, saves and deletes answer as for a CV that does not exist.
    for (const [method, body] of [["GET"], ["PUT", { version: 1, document: SAMPLE_CV }], ["DELETE"]] as const) {
      const reply = await api(method, `/api/cvs/${cv.id}`, other, body);
      expect(reply.status, method).toBe(404);
    }
    expect((await api("GET", "/api/cvs", other)).body.cvs.map((c: { id: number }) => c.id)).not.toContain(cv.id);
    expect((await api("GET", `/api/cvs/${cv.id}`, student)).status).toBe(200);
    expect((await api("GET", "/api/cvs/abc", student)).status).toBe(404);
  });

  it("saves over the version it was edited from, and refuses a stale one with the CV as it stands", async () => {
    const { body } = await api("POST", "/api/cvs", student, { template: "uk" });
    const id = body.cv.id;
    const first = await api("PUT", `/api/cvs/${id}`, student, { version: 1, document: SAMPLE_CV, name: "Analyst CV" });
    expect(first.status).toBe(200);
    expect(first.body.cv).toMatchObject({ version: 2, name: "Analyst CV" });
    expect(first.body.cv.document.basics.name).toBe("Amara Okafor");

    // A second tab still holds version 1.
    const stale = await api("PUT", `/api/cvs/${id}`, student, {
      version: 1,
      document: { ...SAMPLE_CV, summary: "Mine" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain("This CV changed elsewhere");
    expect(stale.body.current).toMatchObject({ version: 2 });
    expect(stale.body.current.document.summary).toBe(SAMPLE_CV.summary);
    // Keeping theirs: saved over the version they were shown.
    expect(
      (await api("PUT", `/api/cvs/${id}`, student, { version: 2, document: { ...SAMPLE_CV, summary: "Mine" } })).body.cv
        .version,
    ).toBe(3);
  });

  it("imports a JSON Resume document and exports nothing it cannot show as text", async () => {
    const imported = await api("POST", "/api/cvs", student, {
      basics: { name: "Wei Zhang 张伟", label: "<script>alert(1)</script>", email: "wei@example.com" },
      work: [{ name: "Acme", position: "Engineer", startDate: "2023-01" }],
    });
    expect(imported.status).toBe(201);
    expect(imported.body.cv.name).toBe("Wei Zhang 张伟 (imported)");
    expect(imported.body.cv.document.basics.headline).toBe("<script>alert(1)</script>");
    expect(imported.body.cv.document.work[0]).toMatchObject({ name: "Acme", end: "present" });
  });

  it("imports the JSON Resume project's sample résumé, telling what it read differently (a bare domain as https://)", async () => {
    const imported = await api("POST", "/api/cvs", student, JSON_RESUME_SAMPLE);
    expect(imported.status).toBe(201);
    expect(imported.body.cv.name).toBe("Richard Hendriks (imported)");
    expect(imported.body.cv.document.projects[0].url).toBe("https://missdirection.example.com");
    expect(imported.body.warnings).toEqual([
      {
        field: "projects.0.url",
        reason:
          "The project “Miss Direction”: the link “missdirection.example.com” was read as https://missdirection.example.com",
      },
    ]);
    expect((await api("POST", "/api/cvs", student, { basics: { name: "Ana Lima" } })).body.warnings).toEqual([]);
  });

  it("refuses bad input with the right status and the path of each bad field, storing nothing", async () => {
    const before = (await api("GET", "/api/cvs", student)).body.cvs.length;
    const unknownTemplate = await api("POST", "/api/cvs", student, { template: "fancy" });
    expect(unknownTemplate.status).toBe(400);
    expect(unknownTemplate.body.errors[0]).toMatchObject({ field: "template" });

    const badResume = await api("POST", "/api/cvs", student, {
      basics: { email: "not an email" },
      work: [{ startDate: "soon" }],
    });
    expect(badResume.status).toBe(400);
    expect(badResume.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "basics.email",
      "work.0.start",
    ]);

    expect((await api("POST", "/api/cvs", student, "{not json")).status).toBe(400);
    expect(
      (await api("POST", "/api/cvs", student, "template=uk", { "Content-Type": "application/x-www-form-urlencoded" }))
        .status,
    ).toBe(415);
    // Within the body's limit, but a document over 200 KB.
    const huge = await api("POST", "/api/cvs", student, {
      basics: { name: "A" },
      interests: Array.from({ length: 50 }, (_, i) => ({ name: `x${i}`, keywords: Array(20).fill("y".repeat(200)) })),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("A CV document is at most 200 KB of JSON: shorten it or split it into two CVs");
    // Past the body's own limit, refused before it is read to the end.
    const larger = await api("POST", "/api/cvs", student, {
      basics: { name: "A" },
      interests: Array.from({ length: 50 }, (_, i) => ({ name: `x${i}`, keywords: Array(30).fill("y".repeat(200)) })),
    });
    expect(larger.status).toBe(413);
    expect(larger.body.message).toBe("The body is larger than 208 KiB");

    const { body } = await api("POST", "/api/cvs", student, { template: "us" });
    const id = body.cv.id;
    const badSave = await api("PUT", `/api/cvs/${id}`, student, {
      version: 1,
      document: {
        ...SAMPLE_CV,
        settings: { ...SAMPLE_CV.settings, template: "fancy" },
        work: [{ ...SAMPLE_CV.work[0], url: "javascript:alert(1)" }],
      },
    });
    expect(badSave.status).toBe(400);
    expect(badSave.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "document.settings.template",
      "document.work.0.url",
    ]);
    expect((await api("PUT", `/api/cvs/${id}`, student, { document: SAMPLE_CV })).body.errors[0].field).toBe("version");
    expect((await api("GET", `/api/cvs/${id}`, student)).body.cv.version).toBe(1);
    expect((await api("GET", "/api/cvs", student)).body.cvs.length).toBe(before + 1);
    expect((await api("PATCH", `/api/cvs/${id}`, student, {})).headers.allow).toBe("GET, HEAD, PUT, DELETE");
  });

  it("deletes a CV, undoably at once, and refuses a cross-site delete", async () => {
    const { body } = await api("POST", "/api/cvs", student, { template: "modern" });
    const id = body.cv.id;
    const crossSite = await request(server, {
      path: `/api/cvs/${id}`,
      method: "DELETE",
      cookie: student,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const deleted = await api("DELETE", `/api/cvs/${id}`, student);
    expect(deleted.body).toMatchObject({ deleted: true, restore: `/api/cvs/${id}/restore` });
    expect((await api("GET", `/api/cvs/${id}`, student)).status).toBe(404);
    expect((await api("POST", `/api/cvs/${id}/restore`, other)).status).toBe(404);
    const restored = await api("POST", `/api/cvs/${id}/restore`, student);
    expect(restored.status).toBe(200);
    expect(restored.body.cv.template).toBe("modern");
  });
});

describe("/my-cvs", () => {
  const post = (form: Record<string, string>, cookie = student) =>
    request(server, { path: "/my-cvs", form, cookie, headers: sameSite() });
  const flash = (reply: Awaited<ReturnType<typeof request>>) =>
    decodeURIComponent(
      reply.setCookies
        .find((c) => c.startsWith("flash="))
        ?.slice(6)
        .split(";")[0] ?? "",
    );
  const page = async (path = "/my-cvs", cookie = student) => (await request(server, { path, cookie })).body;
  function multipart(fields: Record<string, string>, file: { name: string; type: string; content: string }) {
    const boundary = "----cvtest7d3f";
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n--${boundary}--\r\n`,
    );
    return request(server, {
      path: "/my-cvs",
      method: "POST",
      cookie: other,
      body: parts.join(""),
      headers: { ...sameSite(), "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
  }

  it("is for logged-in people, and offers a first CV to one who has none", async () => {
    const visitor = await request(server, { path: "/my-cvs" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/login");
    const body = await page("/my-cvs", other);
    expect(body).toContain("You have no CV yet.");
    expect(body).toContain("Create CV");
    expect(body).toMatch(/<label for="template-europass"[^>]*>Europass CV<\/label>/);
  });

  it("creates a CV from the profile and opens it in the editor; renames, duplicates, picks a default", async () => {
    const created = await post({ intent: "create", template: "us", from: "profile" }, other);
    expect(created.status).toBe(303);
    expect(created.location).toMatch(/^\/create-cv\?cv=\d+$/);
    const id = created.location!.split("=")[1]!;
    expect(flash(created)).toContain("CV started from your profile");

    expect(flash(await post({ intent: "rename", id, name: "Finance roles" }, other))).toBe(
      "Renamed to “Finance roles”.",
    );
    expect((await post({ intent: "rename", id, name: "  " }, other)).status).toBe(400);
    expect(flash(await post({ intent: "duplicate", id }, other))).toBe("Made “Copy of Finance roles”.");
    const list = await page("/my-cvs", other);
    expect(list).toContain("Finance roles");
    expect(list).toContain("Copy of Finance roles");
    expect(list).toContain("US résumé · last edited");
    // The first CV is the default; the copy can be made one.
    expect(list.match(/>Default</g)).toHaveLength(1);
    const api = JSON.parse((await request(server, { path: "/api/cvs", cookie: other })).body);
    const copy = api.cvs.find((c: { name: string }) => c.name === "Copy of Finance roles");
    expect(flash(await post({ intent: "default", id: String(copy.id) }, other))).toContain("Default CV chosen");
    // Another person's CV is not theirs to change.
    expect((await post({ intent: "rename", id: String(copy.id), name: "Mine now" }, student)).status).toBe(404);
    expect((await post({ intent: "delete", id: String(copy.id) }, student)).status).toBe(404);
  });

  it("deletes with an undo, and imports a JSON Resume file or says what is wrong with it", async () => {
    const { body } = await api("POST", "/api/cvs", other, { template: "uk", name: "To delete" });
    const deleted = await post({ intent: "delete", id: String(body.cv.id) }, other);
    expect(deleted.location).toBe(`/my-cvs?deleted=${body.cv.id}`);
    const undo = await page(deleted.location!, other);
    expect(undo).toMatch(/“To delete” deleted\. You can undo this for (10|9) seconds\./);
    expect(flash(await post({ intent: "restore", id: String(body.cv.id) }, other))).toBe("CV brought back.");
    expect(await page("/my-cvs", other)).toContain("To delete");

    const imported = await multipart(
      { intent: "import" },
      {
        name: "resume.json",
        type: "application/json",
        content: JSON.stringify({ basics: { name: "Ana Lima" }, skills: [{ name: "Excel" }] }),
      },
    );
    expect(imported.status).toBe(303);
    expect(flash(imported)).toBe("Imported resume.json.");
    // What the import read differently is shown to the person, with the way to the CV.
    const sample = await multipart(
      { intent: "import" },
      { name: "sample.resume.json", type: "application/json", content: JSON.stringify(JSON_RESUME_SAMPLE) },
    );
    expect(sample.status).toBe(200);
    expect(sample.body).toContain("Imported sample.resume.json. Check what was read differently from the file:");
    expect(sample.body).toContain(
      "<li>The project “Miss Direction”: the link “missdirection.example.com” was read as https://missdirection.example.com.</li>",
    );
    expect(sample.body).toMatch(/<a [^>]*href="\/create-cv\?cv=\d+"[^>]*>Open the imported CV<\/a>/);
    const broken = await multipart(
      { intent: "import" },
      { name: "notes.json", type: "application/json", content: "{ nope" },
    );
    expect(broken.status).toBe(400);
    expect(broken.body).toContain("notes.json is not a JSON file.");
    const wrong = await multipart(
      { intent: "import" },
      { name: "cv.json", type: "application/json", content: JSON.stringify({ basics: { email: "nope" } }) },
    );
    expect(wrong.body).toContain("cv.json could not be imported: basics.email: must be an email address (or empty).");
  });
});

describe("a CV against a job", () => {
  it("is offered on a job's page to members, and opens the ATS check of their default CV against it", async () => {
    const jobs = JSON.parse((await request(server, { path: "/api/jobs?q=software%20developer" })).body);
    const slug = jobs.results[0].slug;
    expect((await request(server, { path: `/jobs/${slug}`, cookie: student })).body).toContain(
      `href="/download-cv?job=${slug}"`,
    );
    expect((await request(server, { path: `/jobs/${slug}` })).body).not.toContain("/download-cv?job=");

    const { body } = await api("GET", "/api/cvs", student);
    const chosen = body.cvs.find((c: { isDefault: boolean }) => c.isDefault);
    const opened = await request(server, { path: `/download-cv?job=${slug}`, cookie: student });
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(`/download-cv?cv=${chosen.id}&job=${slug}`);
    const page = (await request(server, { path: opened.location!, cookie: student })).body.replaceAll("<!-- -->", "");
    expect(page).toMatch(/Your CV has \d+ of the job&#x27;s \d+ key terms\./);
    // Someone with no CV is told how to start one.
    const none = await loginAs(server, "predeparture@demo.test");
    const empty = await request(server, { path: `/download-cv?job=${slug}`, cookie: none });
    expect(empty.status).toBe(200);
    expect(empty.body).toContain("You have no CV yet.");
  });
});
