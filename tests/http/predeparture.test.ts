import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import { type TestServer, cookieSet, loginAs, request, startServerWithMail } from "./harness";

let server: TestServer;
let smtp: TestSmtpServer;
let stop = async () => {};
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail());
});
afterAll(() => stop());

const post = (path: string, form: Record<string, string>, cookie?: string) =>
  request(server, { path, form, cookie, headers: { Origin: `http://localhost:${server.port}` } });
const role = async (cookie: string) =>
  (JSON.parse((await request(server, { path: "/check-user-loggedin", cookie })).body) as { role: string | null }).role;

describe("pre-departure accounts", () => {
  it("register from any address with the offer, confirm it and land on the Jumpstart dashboard; an admin makes them a student on enrolling", async () => {
    const page = await request(server, { path: "/jumpstart-register/demo-university" });
    expect(page.status).toBe(200);
    expect(page.body).toContain("--brand:#6d28d9");
    for (const [id, label] of [
      ["name", "Full name"],
      ["email", "Email"],
      ["course", "Course"],
      ["course_start", "Course start date"],
    ]) {
      expect(page.body).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
    }
    const bad = await post("/jumpstart-register/demo-university", {
      name: "Ana Souza",
      email: "ana@mail.example",
      course: "MSc Finance",
      course_start: "2027-02-30",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter a real date");

    const sent = await post("/jumpstart-register/demo-university", {
      name: "Ana Souza",
      email: "ana@mail.example",
      course: "MSc Finance",
      course_start: "2027-09-21",
    });
    expect(sent.location).toBe("/jumpstart-register/demo-university?sent=1");
    const mail = await smtp.next((m) => m.envelopeTo.includes("ana@mail.example"));
    expect(mail.text).toContain("pre-departure account");
    const link = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(mail.text ?? "")![0]);
    const setup = await request(server, { path: link.pathname + link.search });
    expect(setup.body).not.toContain("Step 1 of");
    const done = await post(link.pathname + link.search, {
      password: "Lagoon-fern-3301",
      confirm_password: "Lagoon-fern-3301",
    });
    expect(done.status).toBe(303);
    expect(done.location).toBe("/jumpstart-dashboard");
    const ana = `sid=${cookieSet(done, "sid")}`;
    expect(await role(ana)).toBe("predeparture_student");

    const admin = await loginAs(server, "admin@demo.test");
    const dashboard = (await request(server, { path: "/university-dashboard", cookie: admin })).body;
    expect(dashboard).toMatch(/Ana Souza<\/th>[\s\S]*?MSc Finance[\s\S]*?21 Sept? 2027/);
    const id = /Ana Souza<\/th>[\s\S]*?name="id" value="(\d+)"/.exec(dashboard)![1]!;
    const enrolled = await post("/university-dashboard", { intent: "enrol", id }, admin);
    expect(enrolled.status).toBe(303);
    expect(await role(ana)).toBe("student");
    expect((await post("/university-dashboard", { intent: "enrol", id }, admin)).status).toBe(404);
    await smtp.next(
      (m) => m.envelopeTo.includes("ana@mail.example") && /your student account is ready$/.test(m.subject ?? ""),
    );
  });
});
