import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractPdfText } from "~/features/cv/ats/extract.server";
import type { TestSmtpServer } from "../support/smtp";
import { type TestServer, request, requestBytes, startServerWithMail } from "./harness";

let server: TestServer;
let smtp: TestSmtpServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail());
});
afterAll(() => stop?.());

const PAGE = "/ebook/working-in-canada-after-graduation";
const post = (form: Record<string, string>, headers: Record<string, string> = { "Sec-Fetch-Site": "same-origin" }) =>
  request(server, { path: PAGE, form, headers });

describe("/ebook/{slug}", () => {
  it("shows what the e-book holds, and answers 404 for one that does not exist", async () => {
    const page = await request(server, { path: PAGE });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Working in Canada after graduation");
    expect(page.body).toContain("What is inside");
    // The sections need the country guide flag on the site, so the e-book holds what they cover, not them.
    expect(page.body).toContain("are on the site for students whose university includes the country guides");
    expect((await request(server, { path: "/ebook/no-such-book" })).status).toBe(404);
  });

  it("refuses a form with mistakes or from another site, storing and sending nothing", async () => {
    const bad = await post({ name: "", email: "nope", audience: "robot" });
    expect(bad.status).toBe(400);
    for (const message of [
      "Enter your full name",
      "Enter an email address in the right format",
      "Choose what describes you best",
    ])
      expect(bad.body).toContain(message);
    expect(
      (
        await post(
          { name: "Mallory Cross", email: "mallory@example.test", audience: "other" },
          { "Sec-Fetch-Site": "cross-site" },
        )
      ).status,
    ).toBe(403);
    const bot = await post({
      name: "Bot",
      email: "bot@example.test",
      audience: "other",
      website: "https://spam.example",
    });
    expect(bot.location).toBe(PAGE);
    expect(
      smtp.received.some((m) => m.envelopeTo.some((to) => to === "mallory@example.test" || to === "bot@example.test")),
    ).toBe(false);
  });

  it("emails a signed link and shows it on the confirmation; the link gives the PDF, a forged one nothing", async () => {
    const sent = await post({ name: "Noor Haddad", email: "noor@example.test", audience: "student" });
    expect(sent.status).toBe(303);
    const confirmation = await request(server, { path: sent.location! });
    expect(confirmation.body).toContain("Your e-book is ready");
    const shown = /href="(\/ebook\/working-in-canada-after-graduation\/download\?[^"]+)"/
      .exec(confirmation.body)![1]!
      .replaceAll("&amp;", "&");
    const mail = await smtp.next((m) => m.envelopeTo.includes("noor@example.test"));
    expect(mail.subject).toBe("Your e-book: Working in Canada after graduation");
    const emailed = new URL(/https?:\/\/\S+\/download\?\S+/.exec(mail.text!)![0]);
    expect(emailed.pathname + emailed.search).toBe(shown);

    const pdf = await requestBytes(server, { path: shown });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain('filename="working-in-canada-after-graduation.pdf"');
    const text = (await extractPdfText(pdf.body)).text.replace(/\s+/g, " ");
    expect(text).toContain("Working in Canada after graduation");
    expect(text).toContain("Official sources");
    expect(text).toContain("The sections, on the site");

    const forged = shown.replace(/sig=[\w-]+/, "sig=forged");
    expect((await request(server, { path: forged })).status).toBe(404);
    // A confirmation address with forged values shows the form, not a link.
    expect((await request(server, { path: sent.location!.replace(/sig=[\w-]+/, "sig=forged") })).body).not.toContain(
      "Your e-book is ready",
    );
  });
});
