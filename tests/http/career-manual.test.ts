import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const MANUAL = "/career-manual/demo-university";
const post = (cookie: string, form: Record<string, string>, path = MANUAL) =>
  request(server, { path, cookie, form, headers: { "Sec-Fetch-Site": "same-origin" } });

describe("the career manual", () => {
  it("lets the university's admin preview, save, edit and delete pages its students read, sanitised", async () => {
    const admin = await loginAs(server, "admin@demo.test");
    const student = await loginAs(server, "student@demo.test");
    expect((await request(server, { path: MANUAL, cookie: student })).body).toContain(
      "Your careers service has not written its manual yet.",
    );

    const preview = await post(admin, {
      intent: "preview",
      title: "First term",
      body: "## Book an appointment\n\n<script>alert(1)</script>\n\n**Soon**",
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain("Preview (not saved yet)");
    expect(preview.body).toContain("<strong>Soon</strong>");
    expect(preview.body).not.toContain("<script>alert(1)</script>");
    expect((await request(server, { path: MANUAL, cookie: student })).body).toContain("has not written its manual yet");

    const bad = await post(admin, { intent: "save", title: "", body: "Text" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter the page&#x27;s title");

    const saved = await post(admin, {
      intent: "save",
      title: "First term",
      body: "## Book an appointment\n\n<script>alert(1)</script>\n\n**Soon**",
    });
    expect(saved.status).toBe(303);
    expect(decodeURIComponent(cookieSet(saved, "flash") ?? "")).toBe("The page is saved. Your students see it now.");
    const read = (await request(server, { path: MANUAL, cookie: student })).body;
    expect(read).toContain(">First term</h2>");
    expect(read).toContain("<strong>Soon</strong>");
    expect(read).not.toContain("alert(1)</script>");
    // A student reads; only an admin edits.
    expect(read).not.toContain("Write a new page");
    expect((await post(student, { intent: "save", title: "Mine", body: "x" })).status).toBe(404);

    const id = /name="id" value="(\d+)"/.exec((await request(server, { path: MANUAL, cookie: admin })).body)![1]!;
    expect((await post(admin, { intent: "save", id, title: "Your first term", body: "Updated." })).status).toBe(303);
    expect((await request(server, { path: MANUAL, cookie: student })).body).toContain(">Your first term</h2>");
    expect((await post(admin, { intent: "delete", id })).status).toBe(303);
    expect((await request(server, { path: MANUAL, cookie: student })).body).toContain("has not written its manual yet");
  });

  it("answers 404 to another university's people, and for a university that does not exist", async () => {
    const admin = await loginAs(server, "admin@demo.test");
    expect((await request(server, { path: "/career-manual/second-university", cookie: admin })).status).toBe(404);
    expect(
      (await post(admin, { intent: "save", title: "Theirs", body: "x" }, "/career-manual/second-university")).status,
    ).toBe(404);
    expect((await request(server, { path: "/career-manual/no-such-university", cookie: admin })).status).toBe(404);
  });
});
