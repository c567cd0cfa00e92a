import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { countryGuidePages, ebookRequests } from "~/db/schema";
import { pagesOf, publicPart } from "~/features/country-guides/index.server";
import { composeEmail } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import type { Signer } from "~/lib/signer.server";
import { type Audience, EBOOKS, type Ebook, LINK_DAYS } from "./catalogue";
import { renderEbookPdf } from "./pdf.server";

export type EbookDeps = { db: Db; outbox: Outbox; links: Signer; origin: string; now: Date };

const message = (slug: string, request: number, expires: number) => `ebook:${slug}:${request}:${expires}`;

/** The signed download link of a request, working until `expires` (ms since the epoch). */
export function downloadPath(links: Signer, slug: string, request: number, expires: number): string {
  return `/ebook/${slug}/download?request=${request}&expires=${expires}&sig=${links.sign(message(slug, request, expires))}`;
}

/** Whether a download link is genuine and still working: "ok", "expired" or "invalid". */
export function checkDownload(
  links: Signer,
  slug: string,
  params: URLSearchParams,
  now: Date,
): "ok" | "expired" | "invalid" {
  const request = Number(params.get("request"));
  const expires = Number(params.get("expires"));
  if (
    !Number.isSafeInteger(request) ||
    !Number.isSafeInteger(expires) ||
    !links.verify(message(slug, request, expires), params.get("sig"))
  )
    return "invalid";
  return expires > now.getTime() ? "ok" : "expired";
}

/**
 * Someone's request for an e-book: kept, and the link emailed to them in the same transaction.
 * Answers the confirmation page's address, which shows the same link.
 */
export async function requestEbook(
  deps: EbookDeps,
  ebook: Ebook,
  input: { name: string; email: string; audience: Audience },
): Promise<{ next: string }> {
  const expires = deps.now.getTime() + LINK_DAYS * 86_400_000;
  const path = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ebookRequests)
      .values({
        ebook: ebook.slug,
        name: input.name,
        email: input.email,
        audience: input.audience,
        createdAt: deps.now,
      })
      .returning({ id: ebookRequests.id });
    const link = downloadPath(deps.links, ebook.slug, row!.id, expires);
    await deps.outbox.queue(tx, {
      kind: "ebook.requested",
      to: input.email,
      universityId: null,
      email: composeEmail({
        subject: `Your e-book: ${ebook.title}`,
        greeting: `Hello ${input.name},`,
        paragraphs: [
          `Here is ${ebook.title}, the overview of our country guide as a PDF.`,
          "It gives the date its facts were last checked and links the official pages they come from: rules change, so check them before you rely on one.",
        ],
        action: { label: "Download the e-book (PDF)", url: `${deps.origin}${link}` },
        after: [`The link works for ${LINK_DAYS} days. After that, ask for the e-book again on its page.`],
      }),
    });
    return link;
  });
  deps.outbox.flush();
  const query = new URL(path, "http://x").searchParams;
  return {
    next: `/ebook/${ebook.slug}?sent=1&request=${query.get("request")}&expires=${query.get("expires")}&sig=${query.get("sig")}`,
  };
}

type Cached = { version: string; pdf: Promise<Buffer> };
const cache = new Map<string, Cached>();

/**
 * The e-book's PDF, typeset again only when a page of its guide changes: a few seconds of work for
 * thirty-odd pages, which every download would otherwise repeat. One copy per site origin (its links
 * name it), and origins come from configuration and registered microsites only (`siteOrigin`), so
 * the copies are few and no request can make the server typeset it again by naming another host.
 */
export async function ebookPdf(db: Db, ebook: Ebook, origin: string): Promise<Buffer | null> {
  const pages = await pagesOf(db, ebook.country);
  if (!pages.some((p) => p.page === "overview")) return null;
  const version = pages.map((p) => `${p.page}:${p.sourceHash}`).join(",");
  const key = `${origin}|${ebook.slug}`;
  const cached = cache.get(key);
  if (cached?.version === version) return cached.pdf;
  // Only what the site shows anyone: the sections stay behind their guard (docs/decisions/0001-ebook-holds-the-public-guide.md).
  const pdf = renderEbookPdf(ebook, publicPart(pages), origin);
  cache.set(key, { version, pdf });
  pdf.catch(() => cache.get(key)?.pdf === pdf && cache.delete(key));
  return pdf;
}

/** Each published guide's overview (the sections need a login) and its e-book, for the sitemap. */
export async function sitemapGuides(db: Db): Promise<{ loc: string; lastmod: string }[]> {
  const overviews = await db
    .select({ country: countryGuidePages.country, reviewedOn: countryGuidePages.reviewedOn })
    .from(countryGuidePages)
    .where(and(eq(countryGuidePages.page, "overview"), eq(countryGuidePages.status, "published")));
  return overviews.flatMap(({ country, reviewedOn }) => {
    const ebook = EBOOKS.find((e) => e.country === country);
    return [
      { loc: `/country-guide/${country}/overview`, lastmod: reviewedOn },
      ...(ebook ? [{ loc: `/ebook/${ebook.slug}`, lastmod: reviewedOn }] : []),
    ];
  });
}
