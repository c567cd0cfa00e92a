import path from "node:path";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { countryGuidePages, ebookRequests, emailOutbox } from "~/db/schema";
import { syncCountryGuides } from "~/features/country-guides/content-sync.server";
import { syncContent } from "~/features/content/sync.server";
import { extractPdfText } from "~/features/cv/ats/extract.server";
import { Outbox } from "~/features/email/outbox.server";
import { Signer } from "~/lib/signer.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { EBOOKS, LINK_DAYS, ebookBySlug } from "./catalogue";
import { checkDownload, downloadPath, ebookPdf, requestEbook } from "./ebooks.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await syncContent(database.db, path.join(import.meta.dirname, "../../../content"), [syncCountryGuides]);
});
afterAll(() => database?.close());

const links = new Signer("a-test-secret-that-is-long-enough-0123456789", "ebook-download");
const NOW = new Date("2026-11-25T12:00:00Z");

describe("the e-books", () => {
  it("has one a guide, each with its own address", () => {
    expect(EBOOKS.map((e) => e.slug)).toEqual([
      "working-in-the-uk-after-graduation",
      "working-in-australia-after-graduation",
      "working-in-canada-after-graduation",
      "working-in-ireland-after-graduation",
    ]);
    expect(ebookBySlug("working-in-canada-after-graduation")?.country).toBe("canada");
    expect(ebookBySlug("nope")).toBeNull();
  });

  it("typesets the guide's public part as a PDF: the overview with its dated rules and sources, and only the title, summary and address of each section", async () => {
    const ebook = ebookBySlug("working-in-the-uk-after-graduation")!;
    const pdf = (await ebookPdf(database.db, ebook, "https://careers.example"))!;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const extracted = await extractPdfText(pdf);
    const text = extracted.text.replace(/\s+/g, " ");
    expect(text).toContain("Working in the UK after graduation");
    expect(text).toContain("Contents");
    expect(text).toContain("Rules that change, and the dates they apply from");
    expect(text).toContain("41,700");
    expect(text).toContain("Official sources");
    expect(text).toContain("https://www.gov.uk/graduate-visa");
    expect(text).toContain("The main routes to staying and working");
    // The sections need the country guide flag on the site (issue 27): the e-book names them and links them, no more.
    const sections = await database.db
      .select()
      .from(countryGuidePages)
      .where(and(eq(countryGuidePages.country, "uk"), ne(countryGuidePages.page, "overview")));
    expect(sections).toHaveLength(13);
    for (const section of sections) {
      expect(extracted.links).toContain(`https://careers.example/country-guide/uk/${section.page}`);
      // Its opening words (the first six of its first paragraph, which are plain text in every section).
      const opening = section.bodyMarkdown.trim().split(/\s+/).slice(0, 6).join(" ");
      expect(opening).toMatch(/^[\w ,'"’:]+$/);
      expect(text).not.toContain(opening);
    }
    // The same guide again is the same file, made once, even after another site's copy was made:
    // each origin keeps its own, so requests alternating between hosts typeset nothing again.
    expect(await ebookPdf(database.db, ebook, "https://careers.example")).toBe(pdf);
    const microsite = (await ebookPdf(database.db, ebook, "https://uni.careers.example"))!;
    expect(microsite).not.toBe(pdf);
    expect(await ebookPdf(database.db, ebook, "https://careers.example")).toBe(pdf);
  });

  it("signs a download link that works for a week, for its e-book and request only", () => {
    const expires = NOW.getTime() + LINK_DAYS * 86_400_000;
    const query = (p: string) => new URL(p, "https://x").searchParams;
    const link = downloadPath(links, "working-in-the-uk-after-graduation", 7, expires);
    expect(checkDownload(links, "working-in-the-uk-after-graduation", query(link), NOW)).toBe("ok");
    expect(checkDownload(links, "working-in-the-uk-after-graduation", query(link), new Date(expires + 1))).toBe(
      "expired",
    );
    expect(checkDownload(links, "working-in-canada-after-graduation", query(link), NOW)).toBe("invalid");
    expect(
      checkDownload(links, "working-in-the-uk-after-graduation", query(link.replace("request=7", "request=8")), NOW),
    ).toBe("invalid");
    expect(
      checkDownload(
        links,
        "working-in-the-uk-after-graduation",
        query(link.replace(`expires=${expires}`, `expires=${expires + 86_400_000}`)),
        NOW,
      ),
    ).toBe("invalid");
    expect(
      checkDownload(
        new Signer("a-test-secret-that-is-long-enough-0123456789", "meeting-booking"),
        "working-in-the-uk-after-graduation",
        query(link),
        NOW,
      ),
    ).toBe("invalid");
  });

  it("keeps a request and emails its link in one go, and the confirmation carries the same link", async () => {
    const ebook = ebookBySlug("working-in-ireland-after-graduation")!;
    const { next } = await requestEbook(
      {
        db: database.db,
        outbox: new Outbox(() => NOW, "platform.test"),
        links,
        origin: "https://careers.example",
        now: NOW,
      },
      ebook,
      { name: "Sean Byrne", email: "sean@example.test", audience: "student" },
    );
    const [request] = await database.db.select().from(ebookRequests);
    expect(request).toMatchObject({ ebook: ebook.slug, email: "sean@example.test", audience: "student" });
    const [email] = await database.db.select().from(emailOutbox);
    const expires = NOW.getTime() + LINK_DAYS * 86_400_000;
    expect(email!.textBody).toContain(
      `https://careers.example/ebook/${ebook.slug}/download?request=${request!.id}&expires=${expires}&sig=`,
    );
    expect(next).toMatch(
      new RegExp(`^/ebook/${ebook.slug}\\?sent=1&request=${request!.id}&expires=${expires}&sig=[\\w-]+$`),
    );
    expect(checkDownload(links, ebook.slug, new URL(next, "https://x").searchParams, NOW)).toBe("ok");
  });
});
