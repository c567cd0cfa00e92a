import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import { ROSTER_API_PER_UNIVERSITY } from "~/features/roster/api.server";
import { type Reply, type TestServer, cookieSet, loginAs, request, startServer, startServerWithMail } from "./harness";

// The roster tab of the university profile, /university-user-profile/roster: upload, preview, apply.
const ROSTER = "/university-user-profile/roster";
const HEADER = "student_id,email,first_name,last_name,course,level,expected_graduation,status";
let server: TestServer;
let smtp: TestSmtpServer;
let admin: string;
let otherAdmin: string;
let stop = async () => {};
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail());
  admin = await loginAs(server, "admin@demo.test");
  otherAdmin = await loginAs(server, "admin@second.test");
});
afterAll(() => stop());

const origin = () => ({ Origin: `http://localhost:${server.port}` });
const get = (cookie = admin) => request(server, { path: ROSTER, cookie });
const apply = (form: Record<string, string>, cookie = admin) =>
  request(server, { path: ROSTER, cookie, form: { intent: "apply-roster", ...form }, headers: origin() });
const flash = (reply: Reply) => decodeURIComponent(cookieSet(reply, "flash") ?? "");

/** The tab's upload, multipart as the browser sends it. */
function upload(lines: string[], mode: string, cookie = admin, content = [HEADER, ...lines].join("\r\n")) {
  const boundary = "----roster-test-9c2f";
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\npreview-roster\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\n${mode}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="roster"; filename="sits.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n` +
    `--${boundary}--\r\n`;
  return request(server, {
    path: ROSTER,
    cookie,
    body,
    headers: { ...origin(), "Content-Type": `multipart/form-data; boundary=${boundary}` },
  });
}
const hidden = (body: string, name: string) => new RegExp(`name="${name}" value="(\\d+)"`).exec(body)?.[1];
const summary = (body: string) =>
  /Your student records: ([\d,]+) active, ([\d,]+) suspended, ([\d,]+) left/.exec(body)?.slice(1);
const counts = (body: string) =>
  [...body.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>([\d,]+)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`);

const FILE = [
  "R-1,ros.one@mail.example,Rosa,One,History,undergraduate,2027-06,active",
  "R-2,ros.two@mail.example,Rob,Two,Law,postgraduate_taught,2026-09,active",
];

describe("the roster tab", () => {
  it("is a tab of the university profile, showing the records by status", async () => {
    const page = await get();
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<a[^>]*aria-current="page"[^>]*>Student records<\/a>/);
    expect(summary(page.body)).toEqual(["0", "0", "0"]);
    expect(page.body).toContain('name="roster"');
  });

  it("lists every bad line by number and column, and changes nothing", async () => {
    const r = await upload([FILE[0]!, "R-2,not-an-address,Rob,Two,Law,,2026-9,active"], "full");
    expect(r.status).toBe(400);
    expect(r.body).toContain("Lines to correct (2): nothing was changed");
    expect(r.body).toMatch(/<th scope="row"[^>]*>3<\/th><td[^>]*>email<\/td>/);
    expect(r.body).toMatch(
      /<th scope="row"[^>]*>3<\/th><td[^>]*>expected_graduation<\/td><td[^>]*>Write the month as YYYY-MM/,
    );
    expect(r.body).not.toContain("Apply the changes");
    expect(summary((await get()).body)).toEqual(["0", "0", "0"]);
  });

  it("previews a file without changing anything, then applies it and invites the students added", async () => {
    const preview = await upload(FILE, "full");
    expect(preview.status).toBe(200);
    expect(counts(preview.body)).toEqual(["Added: 2", "Changed: 0", "Unchanged: 0", "Marked as left: 0"]);
    expect(summary((await get()).body)).toEqual(["0", "0", "0"]);
    const applied = await apply({ upload: hidden(preview.body, "upload")!, expected_left: "0" });
    expect(applied.status).toBe(303);
    expect(flash(applied)).toBe("Your student records are updated: 2 added, 0 changed, 0 unchanged, 0 marked as left.");
    expect(summary((await get()).body)).toEqual(["2", "0", "0"]);
    const mail = await smtp.next((m) => m.envelopeTo.includes("ros.one@mail.example"));
    expect(mail.subject).toMatch(/^You are invited/);
    // Applied once: the upload is gone.
    expect((await apply({ upload: hidden(preview.body, "upload")!, expected_left: "0" })).status).toBe(409);
  });

  it("marks students missing from a full list as left only once the admin confirms", async () => {
    const preview = await upload([FILE[0]!], "full");
    expect(counts(preview.body)).toEqual(["Added: 0", "Changed: 0", "Unchanged: 1", "Marked as left: 1"]);
    expect(preview.body).toContain("Yes, mark 1 student who is not in the file as left");
    const form = { upload: hidden(preview.body, "upload")!, expected_left: hidden(preview.body, "expected_left")! };
    const unconfirmed = await apply(form);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toContain("Tick the box to confirm that 1 student will be marked as left");
    expect(summary((await get()).body)).toEqual(["2", "0", "0"]);
    const confirmed = await apply({ ...form, confirm_left: "yes" });
    expect(confirmed.status).toBe(303);
    expect(flash(confirmed)).toContain("1 marked as left");
    expect(summary((await get()).body)).toEqual(["1", "0", "1"]);
  });

  it("keeps each university's uploads and records to itself", async () => {
    const preview = await upload(FILE, "partial");
    const id = hidden(preview.body, "upload")!;
    expect((await apply({ upload: id, expected_left: "0" }, otherAdmin)).status).toBe(409);
    expect(summary((await get(otherAdmin)).body)).toEqual(["0", "0", "0"]);
    expect(summary((await get()).body)).toEqual(["1", "0", "1"]);
  });

  it("refuses a file over 20 MB beside its field", async () => {
    const big = `${HEADER}\r\n${"x".repeat(20 * 1024 * 1024)}`;
    const r = await upload([], "full", admin, big);
    expect(r.status).toBe(413);
    expect(r.body).toContain("The file is larger than 20 MB");
  });
});

const KEYS = "/university-user-profile/api-keys";
const keysPost = (form: Record<string, string>, cookie = admin) =>
  request(server, { path: KEYS, cookie, form, headers: origin() });
const newKeyIn = (body: string) => /value="(rk_[\w-]{43})"/.exec(body)?.[1];
const put = (query: string, key: string | null, body: string, type = "text/csv") =>
  request(server, {
    method: "PUT",
    path: `/api/roster?${query}`,
    body,
    headers: { "Content-Type": type, ...(key ? { Authorization: `Bearer ${key}` } : {}) },
  });
const json = (reply: Reply) => JSON.parse(reply.body) as Record<string, unknown>;
const csv = (...lines: string[]) => [HEADER, ...lines].join("\n");

describe("the API keys tab", () => {
  it("makes a named key, shows it once, lists it with its last use, and revokes it", async () => {
    expect((await request(server, { path: KEYS, cookie: admin })).body).toContain("Your university has no key yet.");
    const unnamed = await keysPost({ intent: "create-key", name: " " });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toContain("Name the key");

    const made = await keysPost({ intent: "create-key", name: "Old export" });
    expect(made.status).toBe(200);
    const key = newKeyIn(made.body)!;
    expect(key).toBeDefined();
    const listed = await request(server, { path: KEYS, cookie: admin });
    expect(listed.body).toMatch(/<th scope="row"[^>]*>Old export<\/th><td[^>]*>[^<]+<\/td><td[^>]*>never<\/td>/);
    expect(listed.body).not.toContain(key);
    expect((await put("mode=partial&dry_run=1", key, csv())).status).toBe(200);
    expect((await request(server, { path: KEYS, cookie: admin })).body).not.toMatch(/Old export<\/th>.*?>never</);

    const id = /name="id" value="(\d+)"/.exec(listed.body)![1]!;
    expect((await keysPost({ intent: "revoke-key", id }, otherAdmin)).status).toBe(404);
    const revoked = await keysPost({ intent: "revoke-key", id });
    expect(revoked.status).toBe(303);
    expect(flash(revoked)).toBe("The key “Old export” is revoked: it no longer works.");
    const refused = await put("mode=partial", key, csv());
    expect(refused.status).toBe(401);
    expect(refused.headers["www-authenticate"]).toBe('Bearer realm="roster"');
  });
});

describe("PUT /api/roster", () => {
  let key = "";
  let theirKey = "";
  beforeAll(async () => {
    key = newKeyIn((await keysPost({ intent: "create-key", name: "SITS" })).body)!;
    theirKey = newKeyIn((await keysPost({ intent: "create-key", name: "Banner" }, otherAdmin)).body)!;
  });

  it("previews on a dry run, then syncs and answers the counts", async () => {
    const file = csv(
      "R-1,ros.one@mail.example,Rosa,One,History,undergraduate,2027-06,active",
      "R-2,ros.two@mail.example,Rob,Two,Law,postgraduate_taught,2026-09,active",
      "R-3,ros.three@mail.example,Ruth,Three,Physics,,,active",
    );
    const dry = await put("mode=partial&dry_run=1", key, file);
    expect(dry.status).toBe(200);
    expect(json(dry)).toEqual({ status: "preview", created: 1, updated: 1, unchanged: 1, left: 0, errors: [] });
    expect(summary((await get()).body)).toEqual(["1", "0", "1"]);
    const applied = await put("mode=partial&dry_run=0", key, file);
    expect(json(applied)).toEqual({ status: "applied", created: 1, updated: 1, unchanged: 1, left: 0, errors: [] });
    expect(summary((await get()).body)).toEqual(["3", "0", "0"]);
    await smtp.next((m) => m.envelopeTo.includes("ros.three@mail.example"));
  });

  it("lists every bad line and applies nothing (422)", async () => {
    const r = await put("mode=full", key, csv("R-1,ros.one@mail.example,Rosa,,History,,,active", "R-9,x,X,Y,,,,gone"));
    expect(r.status).toBe(422);
    expect(json(r)).toEqual({
      status: "invalid",
      created: 0,
      updated: 0,
      unchanged: 0,
      left: 0,
      errors: [
        { line: 2, field: "last_name", reason: "Enter the last name" },
        { line: 3, field: "email", reason: "Enter an email address in the right format, like name@example.com" },
        { line: 3, field: "status", reason: "Use one of: active, suspended, left" },
      ],
    });
    expect(summary((await get()).body)).toEqual(["3", "0", "0"]);
  });

  it("reaches only the key's own university", async () => {
    const r = await put("mode=full", theirKey, csv("R-1,someone@second.example,Some,One,Law,,,active"));
    expect(json(r)).toMatchObject({ status: "applied", created: 1, left: 0 });
    expect(summary((await get()).body)).toEqual(["3", "0", "0"]);
    expect(summary((await get(otherAdmin)).body)).toEqual(["1", "0", "0"]);
  });

  it("refuses a bad query (400), another content type (415), a missing or wrong key (401), and a body over 20 MB (413)", async () => {
    const badMode = await put("mode=everything", key, csv());
    expect(badMode.status).toBe(400);
    expect(json(badMode).errors).toEqual([{ field: "mode", reason: "mode is full or partial" }]);
    expect((await put("mode=full&dry_run=yes", key, csv())).status).toBe(400);
    expect(json(await put("mode=full&force=1", key, csv())).errors).toEqual([
      { field: "force", reason: "This parameter is not taken" },
    ]);
    expect((await put("mode=full", key, csv(), "application/json")).status).toBe(415);
    expect((await put("mode=full", null, csv())).status).toBe(401);
    expect((await put("mode=full", `${key.slice(0, -2)}xx`, csv())).status).toBe(401);
    const big = await put("mode=full", key, `${HEADER}\n${"x".repeat(20 * 1024 * 1024)}`);
    expect(big.status).toBe(413);
    expect(summary((await get()).body)).toEqual(["3", "0", "0"]);
  });

  it("counts every request from an address before looking its key up", async () => {
    let first429 = -1;
    for (let i = 0; i < 70 && first429 < 0; i++) {
      const r = await put("mode=partial&dry_run=1", "rk_" + "x".repeat(43), csv());
      if (r.status === 429) first429 = i;
      else expect(r.status).toBe(401);
    }
    expect(first429).toBeGreaterThan(0);
    // Over the limit, a good key is refused too, before its file is read.
    const r = await put("mode=partial&dry_run=1", key, csv());
    expect(r.status).toBe(429);
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("PUT /api/roster, one university's syncs", () => {
  let own: TestServer;
  afterAll(() => own?.stop());

  it("are limited before the file is read, the other university's keys going on", async () => {
    own = await startServer();
    const keyOf = async (email: string) => {
      const cookie = await loginAs(own, email);
      const made = await request(own, {
        path: KEYS,
        cookie,
        form: { intent: "create-key", name: "Limits" },
        headers: { Origin: `http://localhost:${own.port}` },
      });
      return newKeyIn(made.body)!;
    };
    const [ours, theirs] = [await keyOf("admin@demo.test"), await keyOf("admin@second.test")];
    const sync = (key: string) =>
      request(own, {
        method: "PUT",
        path: "/api/roster?mode=partial&dry_run=1",
        body: csv(),
        headers: { "Content-Type": "text/csv", Authorization: `Bearer ${key}` },
      });
    for (let i = 0; i < ROSTER_API_PER_UNIVERSITY.max; i++) expect((await sync(ours)).status).toBe(200);
    const over = await sync(ours);
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await sync(theirs)).status).toBe(200);
  });
});
