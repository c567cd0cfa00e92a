import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import { type TestServer, cookieSet, loginAs, request, startServerWithMail } from "./harness";

let server: TestServer;
let smtp: TestSmtpServer;
let admin: string;
let stop = async () => {};
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail());
  admin = await loginAs(server, "admin@demo.test");
});
afterAll(() => stop());

const origin = () => ({ Origin: `http://localhost:${server.port}` });
const post = (path: string, form: Record<string, string>, cookie?: string) =>
  request(server, { path, form, cookie, headers: origin() });

/** A multipart post, as the dashboard's invitation form sends it with a file. */
function upload(fields: Record<string, string>, file: { name: string; content: string }) {
  const boundary = "----test-boundary-7MA4YWxkTrZu0gW";
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n`,
  );
  return request(server, {
    path: "/university-dashboard",
    cookie: admin,
    body: `${parts.join("")}--${boundary}--\r\n`,
    headers: { ...origin(), "Content-Type": `multipart/form-data; boundary=${boundary}` },
  });
}

const invitationOf = (email: string) =>
  smtp.next((m) => m.envelopeTo.includes(email) && /^You are invited/.test(m.subject ?? ""));
const linkIn = (text: string | undefined) => {
  const url = new URL(/https?:\/\/\S+\/register-invite\/\S+/.exec(text ?? "")![0]);
  return url.pathname + url.search;
};
const idOf = async (email: string) =>
  new RegExp(`<th scope="row"[^>]*>${email}</th>[\\s\\S]*?name="id" value="(\\d+)"`).exec(
    (await request(server, { path: "/university-dashboard", cookie: admin })).body,
  )?.[1];

describe("invitations", () => {
  it("reports every bad line of a list and invites nobody until it is clean", async () => {
    const r = await post(
      "/university-dashboard",
      { intent: "invite", emails: "ok.one@mail.example\nnot an address\nok.one@mail.example" },
      admin,
    );
    expect(r.status).toBe(400);
    expect(r.body).toContain("The list has 2 problems; nobody has been invited");
    expect(r.body).toContain("Line 2: &quot;not an address&quot; is not an email address");
    expect(r.body).toContain("Line 3: ok.one@mail.example is also on line 1");
    expect(r.body).toContain("ok.one@mail.example\nnot an address");
    expect((await request(server, { path: "/university-dashboard", cookie: admin })).body).not.toContain(
      "ok.one@mail.example</th>",
    );
  });

  it("invites from an uploaded CSV, skipping addresses that already have an account", async () => {
    const r = await upload(
      { intent: "invite", emails: "" },
      { name: "cohort.csv", content: "Name,Email\nJo Bloggs,jo.bloggs@mail.example\nAisha,student@demo.test\n" },
    );
    expect(r.status).toBe(303);
    expect(decodeURIComponent(cookieSet(r, "flash") ?? "")).toBe(
      "Invited 1 student. Skipped 1, which already have an account or an invitation: student@demo.test.",
    );
    const mail = await invitationOf("jo.bloggs@mail.example");
    expect(mail.text).toContain("14 days");
    expect(linkIn(mail.text)).toMatch(/^\/register-invite\/\d+\?token=[\w-]{43}$/);
  });

  it("invites an address with an account, or an invitation, at another university like any other", async () => {
    const otherAdmin = await loginAs(server, "admin@second.test");
    expect(
      (await post("/university-dashboard", { intent: "invite", emails: "two.universities@mail.example" }, otherAdmin))
        .status,
    ).toBe(303);
    await invitationOf("two.universities@mail.example");
    const r = await post(
      "/university-dashboard",
      { intent: "invite", emails: "admin@second.test\ntwo.universities@mail.example\nnobody.yet@mail.example" },
      admin,
    );
    expect(decodeURIComponent(cookieSet(r, "flash") ?? "")).toBe("Invited 3 students.");
    const page = (await request(server, { path: "/university-dashboard", cookie: admin })).body;
    for (const email of ["admin@second.test", "nobody.yet@mail.example"])
      expect(page).toMatch(new RegExp(`${email}</th>\\s*<td[^>]*>[^<]*</td>\\s*<td[^>]*>Waiting</td>`));
    // Only the address's owner, following the link, learns that it has an account.
    const link = linkIn((await invitationOf("admin@second.test")).text);
    const opened = await request(server, { path: link });
    expect(opened.status).toBe(409);
    expect(opened.body).toContain("This email address already has an account");
  });

  it("is accepted once with a name and password, then the profile step", async () => {
    await post("/university-dashboard", { intent: "invite", emails: "accept.me@mail.example" }, admin);
    const link = linkIn((await invitationOf("accept.me@mail.example")).text);
    const page = await request(server, { path: link });
    expect(page.status).toBe(200);
    expect(page.body).toContain("You will log in as accept.me@mail.example.");
    for (const [id, label] of [
      ["name", "Full name"],
      ["password", "Password"],
      ["confirm_password", "Confirm password"],
    ]) {
      expect(page.body).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
    }
    // The token of one invitation does not open another account's path.
    const [, userId, token] = /\/register-invite\/(\d+)\?token=(.+)$/.exec(link)!;
    expect((await request(server, { path: `/register-invite/${Number(userId) - 1}?token=${token}` })).status).toBe(404);

    const accepted = await post(link, {
      name: "Accept Me",
      password: "Saffron-delta-63",
      confirm_password: "Saffron-delta-63",
    });
    expect(accepted.status).toBe(303);
    expect(accepted.location).toMatch(/^\/register\/setup-account\/update-profile\/accept\.me%40mail\.example\?token=/);
    expect((await request(server, { path: link })).status).toBe(410);
    expect((await request(server, { path: "/university-dashboard", cookie: admin })).body).toMatch(
      /accept\.me@mail\.example<\/th><td[^>]*>[^<]*<\/td><td[^>]*>Accepted<\/td>/,
    );
  });

  it("sends again with a new link that replaces the old one, and revokes", async () => {
    await post(
      "/university-dashboard",
      { intent: "invite", emails: "resend.me@mail.example\nrevoke.me@mail.example" },
      admin,
    );
    const first = linkIn((await invitationOf("resend.me@mail.example")).text);
    const revokedLink = linkIn((await invitationOf("revoke.me@mail.example")).text);

    const before = smtp.received.length;
    const resent = await post(
      "/university-dashboard",
      { intent: "resend", id: (await idOf("resend.me@mail.example"))! },
      admin,
    );
    expect(resent.status).toBe(303);
    const second = linkIn(
      (await smtp.next((m) => smtp.received.indexOf(m) >= before && m.envelopeTo.includes("resend.me@mail.example")))
        .text,
    );
    expect(second).not.toBe(first);
    // The invitation keeps only its newest link, so the old one is not known at all.
    expect((await request(server, { path: first })).status).toBe(404);
    expect((await request(server, { path: second })).status).toBe(200);

    const revokeId = (await idOf("revoke.me@mail.example"))!;
    expect((await post("/university-dashboard", { intent: "revoke", id: revokeId }, admin)).status).toBe(303);
    expect((await request(server, { path: revokedLink })).status).toBe(404);
    expect((await post("/university-dashboard", { intent: "revoke", id: revokeId }, admin)).status).toBe(409);
    expect((await post("/university-dashboard", { intent: "resend", id: "999999" }, admin)).status).toBe(404);
  });

  it("counts as accepted when the invited student registers instead", async () => {
    await post("/university-dashboard", { intent: "invite", emails: "self.registered@demo.test" }, admin);
    const link = linkIn((await invitationOf("self.registered@demo.test")).text);
    const status = async (email: string) =>
      new RegExp(`<th scope="row"[^>]*>${email}</th>\\s*<td[^>]*>[^<]*</td>\\s*<td[^>]*>([^<]*)</td>`).exec(
        (await request(server, { path: "/university-dashboard", cookie: admin })).body,
      )?.[1];
    expect(await status("self.registered@demo.test")).toBe("Waiting");

    await post("/register/demo-university", { name: "Self Registered", email: "self.registered@demo.test" });
    const confirm = await smtp.next(
      (m) => m.envelopeTo.includes("self.registered@demo.test") && /^Confirm your email/.test(m.subject ?? ""),
    );
    const setup = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(confirm.text ?? "")![0]);
    expect(
      (
        await post(setup.pathname + setup.search, {
          password: "Willow-bark-2029",
          confirm_password: "Willow-bark-2029",
        })
      ).status,
    ).toBe(303);
    expect(await status("self.registered@demo.test")).toBe("Accepted");
    expect((await request(server, { path: link })).status).toBe(410);
  });
});
