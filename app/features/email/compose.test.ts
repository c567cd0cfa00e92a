import { describe, expect, it } from "vitest";
import { PLATFORM_BRAND, composeEmail, greetingFor, linksIn, maskSecretLinks } from "./compose";
import { senderDomain } from "./outbox.server";

const content = {
  subject: "Your invitation",
  greeting: "Hello <b>Aisha</b>,",
  paragraphs: ["Demo University & partners invite you."],
  action: { label: "Accept", url: 'https://careers.example/register-invite/7?token=a"b' },
  after: ["The link works once."],
};

describe("composeEmail", () => {
  it("says the same in both parts, with the university's name and colour", () => {
    const email = composeEmail(content, { name: "Demo University", colour: "#6d28d9" });
    expect(email.text).toContain("Demo University");
    expect(email.text).toContain('Accept: https://careers.example/register-invite/7?token=a"b');
    expect(email.text).toContain("The link works once.");
    expect(email.html).toContain("background:#6d28d9");
    expect(email.html).toContain(">Demo University<");
  });

  it("escapes every value in the HTML part", () => {
    const { html } = composeEmail(content);
    expect(html).toContain("Hello &lt;b&gt;Aisha&lt;/b&gt;,");
    expect(html).toContain("Demo University &amp; partners");
    expect(html).toContain('href="https://careers.example/register-invite/7?token=a&quot;b"');
    expect(html).not.toContain("<b>");
  });

  it("lists items with their links in both parts, escaped in the HTML", () => {
    const items = [
      { label: "Data <Analyst>", url: "https://careers.example/jobs/data-analyst-x1", detail: "Acme & Co, London" },
    ];
    const { text, html } = composeEmail({ ...content, items });
    expect(text).toContain("Data <Analyst>\nAcme & Co, London\nhttps://careers.example/jobs/data-analyst-x1");
    expect(html).toContain('<a href="https://careers.example/jobs/data-analyst-x1"');
    expect(html).toContain("Data &lt;Analyst&gt;</a>");
    expect(html).toContain("Acme &amp; Co, London");
    expect(composeEmail(content).html).not.toContain("<ul");
  });

  it("loads nothing from elsewhere: no images, no tracking pixel", () => {
    const { html } = composeEmail(content);
    expect(html).not.toMatch(/<img|background-image|url\(/i);
  });

  it("uses the platform's colour when a university's is not a plain hex colour", () => {
    const { html } = composeEmail(content, { name: "Odd", colour: "red;background:url(https://x)" });
    expect(html).toContain(`background:${PLATFORM_BRAND.colour}`);
    expect(html).not.toContain("url(https://x)");
  });
});

describe("greetingFor", () => {
  it("greets by first name, or without one when the name is not known yet", () => {
    expect(greetingFor("  Aisha   Khan ")).toBe("Hello Aisha,");
    expect(greetingFor("")).toBe("Hello,");
  });
});

describe("linksIn and senderDomain", () => {
  it("finds each address once", () => {
    expect(linksIn("a https://x.test/a b https://x.test/a <https://y.test/b>")).toEqual([
      "https://x.test/a",
      "https://y.test/b",
    ]);
  });
  it("takes the domain of a named or bare sender", () => {
    expect(senderDomain("Career Platform <no-reply@careers.example>")).toBe("careers.example");
    expect(senderDomain("alerts@uni.ac.uk")).toBe("uni.ac.uk");
    expect(senderDomain("nobody")).toBe("localhost");
  });
});

describe("maskSecretLinks", () => {
  const token = "aB3dEfGhIjKlMnOpQrStUvWxYz0123456789_-aBcDe";
  it("hides a link's token or signature, in its path or its query, and keeps the rest of the text", () => {
    expect(
      maskSecretLinks(
        `Reset: https://x.test/reset-password/${token}.\nJoin: https://x.test/register-invite/4?token=short&next=%2Fhome\n` +
          `Leave: https://x.test/unsubscribe/a%40b.test?sig=${token}\nBook: https://x.test/ebook/guide/download?request=3&expires=99&sig=${token}`,
      ),
    ).toBe(
      "Reset: https://x.test/reset-password/[hidden].\nJoin: https://x.test/register-invite/4?token=[hidden]&next=%2Fhome\n" +
        "Leave: https://x.test/unsubscribe/a%40b.test?sig=[hidden]\nBook: https://x.test/ebook/guide/download?request=3&expires=99&sig=[hidden]",
    );
  });
  it("leaves links without secrets alone, a long job address among them", () => {
    const text =
      "See https://x.test/jobs/graduate-software-engineer-london-2026-acme?from=alert and https://x.test/login";
    expect(maskSecretLinks(text)).toBe(text);
    expect(maskSecretLinks(`not a link ${token}`)).toBe(`not a link ${token}`);
  });
});
