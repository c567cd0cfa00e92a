import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

// The Australian points calculator (issue 5) against the production server: the page without
// JavaScript, saving and deleting results, and the JSON API.

const PATH = "/skilled-migration-points-calculator-australia";
let server: TestServer;
let student: string;
let other: string;

beforeAll(async () => {
  server = await startServer();
  student = await loginAs(server, "student@demo.test");
  other = await loginAs(server, "basic.student@demo.test");
});
afterAll(() => server?.stop());

/** 30 age + 10 Proficient + 15 Bachelor + 5 Australian study + 10 partner = 70. */
const ANSWERS = {
  dateOfBirth: "1996-05-10",
  invitationDate: "2026-11-22",
  english: "proficient",
  qualification: "bachelor",
  australianStudy: "on",
  partner: "single_or_citizen",
};
const QUERY = new URLSearchParams(ANSWERS).toString();

const post = (form: Record<string, string>, cookie: string, search = "") =>
  request(server, {
    path: `${PATH}${search}`,
    cookie,
    form,
    headers: { Origin: `http://localhost:${server.port}`, "Sec-Fetch-Site": "same-origin" },
  });

/** A raw POST to the API, as a partner's server would send it (the harness sends only forms). */
const api = (body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: "/api/au-points",
        method: "POST",
        headers: { Host: `localhost:${server.port}`, ...headers, "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
      },
    );
    // The server may answer (413) and close before the whole body is written.
    req.on("error", (error) =>
      (error as NodeJS.ErrnoException).code === "EPIPE" || (error as NodeJS.ErrnoException).code === "ECONNRESET"
        ? undefined
        : reject(error),
    );
    req.end(body);
  });

/** Saved results as the list shows them: "N points", in order. */
const savedTotals = (body: string) =>
  [...body.matchAll(/<span class="font-semibold">(\d+)(?:<!-- -->)? points<\/span>/g)].map((m) => Number(m[1]));

describe("the calculator page", () => {
  it("is for logged-in users only (guard B)", async () => {
    const r = await request(server, { path: `${PATH}?${QUERY}` });
    expect(r.status).toBe(302);
    expect(r.location).toBe("/login");
  });

  it("asks the questions, each labelled, and waits for the three it needs", async () => {
    const r = await request(server, { path: PATH, cookie: student });
    expect(r.status).toBe(200);
    expect(r.body).toContain("<title>Skilled migration points calculator (Australia) | Career Platform</title>");
    expect(r.body).toMatch(/<label for="dateOfBirth"[^>]*>Date of birth<\/label>/);
    expect(r.body).toMatch(
      /<label for="overseasEmploymentYears"[^>]*>Years of skilled employment outside Australia<\/label>/,
    );
    expect(r.body).toMatch(/<legend[^>]*>English language ability<\/legend>/);
    expect(r.body).toMatch(/<input id="english-proficient" type="radio"[^>]*name="english" value="proficient"/);
    expect(r.body).toMatch(/<label for="professionalYear">I completed a Professional Year/);
    expect(r.body).toContain("To see your points, answer: date of birth, English language ability, partner.");
    expect(r.body).not.toContain("There is a problem");
  });

  it("scores the answers in the URL without JavaScript: breakdown, visas and hints", async () => {
    const r = await request(server, { path: `${PATH}?${QUERY}`, cookie: student });
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/data-testid="au-points-total">70<\/strong>/);
    expect(r.body).toContain("70 points: meets the pass mark of 65");
    expect(r.body).toContain("75 points with 5 points for State or Territory nomination: meets the pass mark of 65");
    expect(r.body).toContain(
      "85 points with 15 points for nomination or regional family sponsorship: meets the pass mark of 65",
    );
    expect(r.body).toContain("30 on the invitation date: at least 25 but less than 33");
    expect(r.body).toContain("Superior English would add 10 points");
    expect(r.body).toContain("Doing that study while living in regional Australia would add 5 points");
    // The answers stay in the form, so they can be changed and sent again.
    expect(r.body).toMatch(/<input[^>]*id="dateOfBirth"[^>]*value="1996-05-10"/);
    expect(r.body).toMatch(/<input id="english-proficient"[^>]*checked=""/);
    expect(r.body).toMatch(/<input id="australianStudy"[^>]*checked=""/);
    expect(r.body).toContain(`data-testid="au-points-share-link">${PATH}?${QUERY.replaceAll("&", "&amp;")}</a>`);
  });

  it("lists what is wrong in a summary linked to each field", async () => {
    const r = await request(server, {
      path: `${PATH}?dateOfBirth=2999-01-01&english=fluent&overseasEmploymentYears=-1`,
      cookie: student,
    });
    expect(r.status).toBe(200);
    expect(r.body).toContain("There is a problem");
    for (const [field, message] of [
      ["dateOfBirth", "Your date of birth cannot be in the future"],
      ["english", "Choose one of: competent, proficient, superior"],
      ["overseasEmploymentYears", "Years cannot be negative"],
      ["partner", "Choose your partner situation"],
    ]) {
      expect(r.body).toContain(`<a href="#${field}" class="underline">${message}</a>`);
    }
    expect(r.body).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*id="dateOfBirth"|<input[^>]*id="dateOfBirth"[^>]*aria-invalid="true"/,
    );
    expect(r.body).not.toContain('data-testid="au-points-total"');
  });
});

describe("saved results", () => {
  it("saves without JavaScript, comes back to the same answers, and lists only the owner's", async () => {
    const r = await post({ intent: "save", ...ANSWERS }, student, `?${QUERY}`);
    expect(r.status).toBe(303);
    expect(r.location).toBe(`${PATH}?${QUERY}`);
    expect(cookieSet(r, "flash")).toBe("Result saved to your account.");
    const page = await request(server, { path: PATH, cookie: student });
    expect(savedTotals(page.body)).toEqual([70]);
    // The saved link carries every answer, the invitation date included, so it scores the same later.
    const link = /<a[^>]*href="([^"]+)"[^>]*>Open<span/.exec(page.body)?.[1]?.replaceAll("&amp;", "&");
    expect(link).toContain("invitationDate=2026-11-22");
    const reopened = await request(server, { path: link!, cookie: student });
    expect(reopened.body).toMatch(/data-testid="au-points-total">70<\/strong>/);
    expect(savedTotals((await request(server, { path: PATH, cookie: other })).body)).toEqual([]);
  });

  it("refuses to save answers that are not valid, and stores nothing", async () => {
    const r = await post({ intent: "save", ...ANSWERS, english: "fluent" }, student);
    expect(r.status).toBe(400);
    expect(r.body).toContain("Some answers are missing or not valid, so there is no result to save.");
    expect(savedTotals((await request(server, { path: PATH, cookie: student })).body)).toEqual([70]);
  });

  it("lets only the owner delete a result", async () => {
    const page = await request(server, { path: PATH, cookie: student });
    const id = /name="id" value="(\d+)"/.exec(page.body)?.[1];
    expect(id).toMatch(/^\d+$/);
    const stranger = await post({ intent: "delete", id: id! }, other);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toContain("That saved result does not exist, or it was deleted already.");
    expect(savedTotals((await request(server, { path: PATH, cookie: student })).body)).toEqual([70]);
    const owner = await post({ intent: "delete", id: id! }, student);
    expect(owner.status).toBe(303);
    expect(cookieSet(owner, "flash")).toBe("Saved result deleted.");
    expect(savedTotals((await request(server, { path: PATH, cookie: student })).body)).toEqual([]);
    expect((await post({ intent: "delete", id: "abc" }, student)).status).toBe(404);
  });

  it("refuses a post from another site", async () => {
    const r = await request(server, {
      path: PATH,
      cookie: student,
      form: { intent: "save", ...ANSWERS },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(r.status).toBe(403);
  });

  it("limits saves to 30 an hour for each student", async () => {
    for (let i = 1; i <= 30; i++)
      expect((await post({ intent: "save", ...ANSWERS }, other)).status, `save ${i}`).toBe(303);
    const r = await post({ intent: "save", ...ANSWERS }, other);
    expect(r.status).toBe(429);
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(3000);
    expect(r.body).toContain("You have saved many results in the last hour.");
    expect(savedTotals((await request(server, { path: PATH, cookie: other })).body)).toHaveLength(30);
    // Another student is not held back.
    expect((await post({ intent: "save", ...ANSWERS }, student)).status).toBe(303);
  });
});

describe("POST /api/au-points", () => {
  it("answers the calculator's result for good JSON answers", async () => {
    const r = await api(
      JSON.stringify({ ...ANSWERS, australianStudy: true, overseasEmploymentYears: 8, australianEmploymentYears: 2 }),
    );
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = JSON.parse(r.body);
    // 70 + overseas 15 + Australian 5 = 90, capped to 70 + 20 = 90: the cap does not bite at exactly 20.
    expect(body.status).toBe(true);
    expect(body.result.total).toBe(90);
    expect(body.result.passMark).toBe(65);
    expect(
      body.result.subclasses.map((s: { subclass: string; total: number; eligible: boolean }) => [
        s.subclass,
        s.total,
        s.eligible,
      ]),
    ).toEqual([
      ["189", 90, true],
      ["190", 95, true],
      ["491", 105, true],
    ]);
    expect(body.result.lines.find((l: { factor: string }) => l.factor === "overseasEmployment")).toMatchObject({
      points: 15,
      reference: "Schedule 6D.3",
    });
    expect(body.answers.invitationDate).toBe("2026-11-22");
    expect(body.hints[0]).toEqual({ text: "Superior English would add 10 points", points: 10 });
  });

  it("applies the employment cap", async () => {
    const r = await api(
      JSON.stringify({ ...ANSWERS, australianStudy: false, overseasEmploymentYears: 5, australianEmploymentYears: 5 }),
    );
    // 65 + overseas 10 + Australian 15 = 90 uncapped; capped: 65 + 20 = 85.
    expect(JSON.parse(r.body).result.total).toBe(85);
  });

  it("answers 400 with each field and its reason", async () => {
    const r = await api(
      JSON.stringify({
        dateOfBirth: "2999-01-01",
        english: "fluent",
        overseasEmploymentYears: -2,
        partner: "single_or_citizen",
        favouriteColour: "blue",
      }),
    );
    expect(r.status).toBe(400);
    const body = JSON.parse(r.body);
    expect(body.status).toBe(false);
    expect(body.errors).toEqual([
      {
        field: "favouriteColour",
        reason: expect.stringMatching(/^Unknown answer; the answers are dateOfBirth, invitationDate, english/),
      },
      { field: "dateOfBirth", reason: "Your date of birth cannot be in the future" },
      { field: "english", reason: "Choose one of: competent, proficient, superior" },
      { field: "overseasEmploymentYears", reason: "Years cannot be negative" },
    ]);
  });

  it("refuses a JSON value that is not an object", async () => {
    const r = await api("[1,2]");
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual({
      status: false,
      message: "Some answers are not valid",
      errors: [{ field: null, reason: "Send the answers as one JSON object" }],
    });
  });

  it.each([
    ["a body that is not JSON", "{not json", { "Content-Type": "application/json" }, 400, "The body is not valid JSON"],
    [
      "a form instead of JSON",
      QUERY,
      { "Content-Type": "application/x-www-form-urlencoded" },
      415,
      "Send the answers as JSON, with Content-Type: application/json",
    ],
    [
      "a body over 16 KiB",
      JSON.stringify({ english: "x".repeat(17_000) }),
      { "Content-Type": "application/json" },
      413,
      "The body is larger than 16 KiB",
    ],
  ])("refuses %s", async (_name, body, headers, status, reason) => {
    const r = await api(body, headers);
    expect(r.status).toBe(status);
    expect(JSON.parse(r.body)).toEqual({ status: false, message: reason, errors: [{ field: null, reason }] });
  });

  it("answers 405 to GET", async () => {
    const r = await request(server, { path: "/api/au-points" });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe("POST");
  });
});
