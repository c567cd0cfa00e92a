import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, type Reply, type TestServer, loginAs, request, startServer } from "./harness";

// Guesses at a password sent all at once, as an attacker with many connections would: the limit must
// hold however many arrive together. TRUST_PROXY gives the login guesses a client address of their own.
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "true" });
});
afterAll(() => server?.stop());

const post = (path: string, form: Record<string, string>, cookie?: string, ip = "198.51.100.1") =>
  request(server, {
    path,
    form,
    cookie,
    headers: { Origin: `http://localhost:${server.port}`, "X-Forwarded-For": ip },
  });
const together = (n: number, send: () => Promise<Reply>) => Promise.all(Array.from({ length: n }, send));
const statuses = (replies: Reply[]) => replies.map((r) => r.status).sort();

describe("password guesses arriving together", () => {
  it("judges 5 wrong logins for one account and refuses the other 25 with 429", async () => {
    const replies = await together(30, () =>
      post("/login", { email: "admin@second.test", password: "Wrong-guess-1" }, undefined, "198.51.100.7"),
    );
    expect(statuses(replies)).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    for (const r of replies.filter((r) => r.status === 429))
      expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
  });

  // A right password is what shows whether a try was judged: only one of these may be.
  it("judges one password change when the fifth try arrives with 29 others", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    const change = (current: string) =>
      post(
        "/student-change-password",
        { current_password: current, password: "Harbour-kite-2027", confirm_password: "Harbour-kite-2027" },
        cookie,
      );
    for (let i = 0; i < 4; i++) expect((await change(`Wrong-guess-${i}`)).status).toBe(400);
    const replies = await together(30, () => change(DEMO_PASSWORD));
    expect(statuses(replies)).toEqual([303, ...Array(29).fill(429)]);
  });

  it("sends one email change when the fifth try arrives with 29 others, and the password change shares the count", async () => {
    const cookie = await loginAs(server, "predeparture@demo.test");
    const profile = {
      name: "Wei Chen",
      email: "wei.new@mail.example",
      phone_text: "",
      phone_country: "CN",
      home_country: "",
      course: "MSc Finance",
      course_start: "2027-09-21",
    };
    const change = (current: string) =>
      post("/jumpstart-edit-profile", { ...profile, current_password: current }, cookie);
    for (let i = 0; i < 4; i++) expect((await change(`Wrong-guess-${i}`)).status).toBe(400);
    const replies = await together(30, () => change(DEMO_PASSWORD));
    expect(statuses(replies)).toEqual([303, ...Array(29).fill(429)]);
    const password = await post(
      "/jumpstart-change-password",
      { current_password: DEMO_PASSWORD, password: "Harbour-kite-2027", confirm_password: "Harbour-kite-2027" },
      cookie,
    );
    expect(password.status).toBe(429);
    expect(password.body).toContain("Too many tries of your current password");
  });

  it("deletes an account once when the fifth try arrives with 29 others", async () => {
    const cookie = await loginAs(server, "basic.student@demo.test");
    for (let i = 0; i < 4; i++)
      expect((await post("/account/delete", { password: `Wrong-guess-${i}` }, cookie)).status).toBe(400);
    const replies = await together(30, () => post("/account/delete", { password: DEMO_PASSWORD }, cookie));
    expect(replies.filter((r) => r.status === 303 && r.location === "/")).toHaveLength(1);
    // The others were refused, or came after the account had gone and were sent to log in.
    for (const r of replies.filter((r) => r.location !== "/"))
      expect(r.status === 429 || (r.status === 302 && r.location === "/login")).toBe(true);
  });
});
