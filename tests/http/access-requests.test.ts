import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import { type TestServer, cookieSet, loginAs, request, startServerWithMail } from "./harness";

let server: TestServer;
let smtp: TestSmtpServer;
let admin: string;
let stop = async () => {};
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail({ TRUST_PROXY: "true" }));
  admin = await loginAs(server, "admin@demo.test");
});
afterAll(() => stop());

let client = 0;
const post = (path: string, form: Record<string, string>, cookie?: string) =>
  request(server, {
    path,
    form,
    cookie,
    headers: { Origin: `http://localhost:${server.port}`, "X-Forwarded-For": `192.0.2.${++client % 250}` },
  });
const mailTo = (to: string, subject: RegExp) =>
  smtp.next((m) => m.envelopeTo.includes(to) && subject.test(m.subject ?? ""));

async function ask(university: string, name: string, email: string) {
  const r = await post(`/request-access/${university}`, {
    name,
    email,
    student_number: "S1234567",
    course: "BSc Economics",
  });
  expect(r.status).toBe(303);
  expect(r.location).toBe(`/request-access/${university}?sent=1`);
}

/** The id of a pending request as the admin's dashboard shows it. */
async function requestIdOf(name: string): Promise<string> {
  const body = (await request(server, { path: "/university-dashboard", cookie: admin })).body;
  const row = new RegExp(`<th scope="row"[^>]*>${name}</th>[\\s\\S]*?name="id" value="(\\d+)"`).exec(body);
  if (!row) throw new Error(`${name} is not on the dashboard`);
  return row[1]!;
}

describe("access requests", () => {
  it("asks for the name, email, student number and course, and names what is missing", async () => {
    const page = await request(server, { path: "/request-access/demo-university" });
    for (const [id, label] of [
      ["name", "Full name"],
      ["email", "Email"],
      ["student_number", "Student number"],
      ["course", "Course"],
    ]) {
      expect(page.body).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
    }
    const bad = await post("/request-access/demo-university", {
      name: "Ravi",
      email: "ravi@",
      student_number: "<script>",
      course: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter an email address in the right format");
    expect(bad.body).toContain("Enter your student number as it is on your student card");
    expect(bad.body).toContain("Enter your course");
    expect(bad.body).toContain('value="ravi@"');
  });

  it("is approved by the university's admin, who cannot see another university's", async () => {
    await ask("demo-university", "Ravi Patel", "ravi.patel@mail.example");
    await ask("second-university", "Other Student", "other@mail.example");
    const ack = await mailTo("ravi.patel@mail.example", /^We have your request/);
    expect(ack.text).toContain("S1234567");

    const dashboard = await request(server, { path: "/university-dashboard", cookie: admin });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain("ravi.patel@mail.example");
    expect(dashboard.body).not.toContain("other@mail.example");

    const id = await requestIdOf("Ravi Patel");
    const approved = await post("/university-dashboard", { intent: "approve", id: id }, admin);
    expect(approved.status).toBe(303);
    expect(cookieSet(approved, "flash")).toContain("Ravi Patel is approved");
    expect((await request(server, { path: "/university-dashboard", cookie: admin })).body).not.toContain(
      "ravi.patel@mail.example",
    );
    expect((await post("/university-dashboard", { intent: "approve", id: id }, admin)).status).toBe(409);
    // The decision is in the university's audit log, once (the second answer changed nothing).
    const log = (await request(server, { path: "/university-user-profile/audit", cookie: admin })).body;
    expect(log.match(new RegExp(`access_request\\.approved</td><td[^>]*>access_request ${id}<`, "g"))).toHaveLength(1);
    expect(log).toContain("status: &quot;pending&quot; → &quot;approved&quot;");

    const mail = await mailTo("ravi.patel@mail.example", /is approved$/);
    const link = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(mail.text ?? "")![0]);
    expect((await request(server, { path: link.pathname + link.search })).status).toBe(200);
  });

  it("answers 404 for a request of another university or none, and 400 for an unknown button", async () => {
    expect((await post("/university-dashboard", { intent: "approve", id: "999999" }, admin)).status).toBe(404);
    expect((await post("/university-dashboard", { intent: "approve", id: "x" }, admin)).status).toBe(404);
    expect((await post("/university-dashboard", { intent: "delete", id: "1" }, admin)).status).toBe(400);
  });

  it("tells a refused student how to reach the careers service", async () => {
    await ask("demo-university", "Mia Jones", "mia.jones@mail.example");
    const refused = await post(
      "/university-dashboard",
      { intent: "refuse", id: await requestIdOf("Mia Jones") },
      admin,
    );
    expect(refused.status).toBe(303);
    const mail = await mailTo("mia.jones@mail.example", /^Your request for Demo University careers$/);
    expect(mail.text).toContain("could not approve");
    expect(mail.text).toContain("careers@demo-university.test");
  });

  it("keeps the dashboard and its decisions for university admins", async () => {
    const student = await loginAs(server, "student@demo.test");
    expect((await request(server, { path: "/university-dashboard", cookie: student })).status).toBe(302);
    expect((await post("/university-dashboard", { intent: "approve", id: "1" }, student)).status).toBe(302);
  });
});
