import { type RouterContextProvider, data } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { siteOrigin } from "~/features/access/index.server";
import { pagesOf, publicPart } from "~/features/country-guides/index.server";
import { outboxContext } from "~/features/email";
import { clientIpContext, clockContext } from "~/lib/context";
import { receivePublicForm } from "~/lib/public-form.server";
import type { Limit } from "~/lib/rate-limit";
import type { FormState } from "~/lib/request-body.server";
import { ebookBySlug } from "./catalogue";
import { ebookLinksContext } from "./context";
import { checkDownload, downloadPath, ebookPdf, requestEbook } from "./ebooks.server";
import { EbookRequestSchema } from "./schema";

// /ebook/{slug}: what the e-book holds and a short form; the link is emailed and shown on the
// confirmation (?sent=1 with the signed link's values), working for a week.

type Context = Readonly<RouterContextProvider>;

const LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };
const EMAIL_LIMIT: Limit = { max: 3, windowSeconds: 24 * 60 * 60 };

/** The e-book's page: its contents from the country guide, and on the confirmation its download link. */
export async function loadEbookPage(url: URL, slug: string, context: Context) {
  const ebook = ebookBySlug(slug);
  if (!ebook) throw data(null, { status: 404 });
  const { open, closed } = publicPart(await pagesOf(context.get(dbContext), ebook.country));
  if (!open.length) throw data(null, { status: 404 });
  const links = context.get(ebookLinksContext);
  // The confirmation shows the download link only when the values it was made from are genuine.
  const sent =
    url.searchParams.get("sent") === "1" &&
    checkDownload(links, ebook.slug, url.searchParams, context.get(clockContext)()) === "ok";
  return {
    ebook,
    contents: open.map((p) => p.title),
    sections: closed.map((p) => p.title),
    reviewed: open
      .map((p) => p.reviewedOn)
      .sort()
      .at(-1)!,
    download: sent
      ? downloadPath(
          links,
          ebook.slug,
          Number(url.searchParams.get("request")),
          Number(url.searchParams.get("expires")),
        )
      : null,
    origin: siteOrigin(context),
  };
}

export type EbookPageData = Awaited<ReturnType<typeof loadEbookPage>>;
/** What the action answers when it shows the request form again. */
export type EbookForm = FormState<Partial<Record<string, string>>>;

/** A request for the e-book: its link emailed, then the confirmation. */
export function ebookPageAction(request: Request, slug: string, context: Context) {
  const ebook = ebookBySlug(slug);
  if (!ebook) throw data(null, { status: 404 });
  const deps = {
    db: context.get(dbContext),
    outbox: context.get(outboxContext),
    links: context.get(ebookLinksContext),
    origin: siteOrigin(context),
    now: context.get(clockContext)(),
  };
  return receivePublicForm({
    request,
    limiter: context.get(rateLimiterContext),
    key: `ebook:ip:${context.get(clientIpContext)}`,
    limit: LIMIT,
    alsoLimit: (input) => ({ key: `ebook:email:${input.email.toLowerCase()}`, limit: EMAIL_LIMIT }),
    what: "requests",
    kept: ["name", "email", "audience"],
    schema: EbookRequestSchema,
    store: (input) => requestEbook(deps, ebook, input),
    sent: `/ebook/${ebook.slug}`,
  });
}

/** An e-book's PDF, from its signed link: 404 when the link is not genuine, 410 once it has expired. */
export async function ebookDownload(url: URL, slug: string, context: Context) {
  const ebook = ebookBySlug(slug);
  if (!ebook) throw data("There is no such e-book.", { status: 404 });
  const check = checkDownload(
    context.get(ebookLinksContext),
    ebook.slug,
    url.searchParams,
    context.get(clockContext)(),
  );
  if (check === "invalid") throw data("This download link is not valid: use the one in your email.", { status: 404 });
  if (check === "expired")
    throw data(`This download link has expired. Ask for the e-book again at /ebook/${ebook.slug}.`, { status: 410 });
  const pdf = await ebookPdf(context.get(dbContext), ebook, siteOrigin(context));
  if (!pdf) throw data("This e-book is not available just now.", { status: 404 });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${ebook.slug}.pdf"`,
      "Cache-Control": "private, no-store",
      "Content-Length": String(pdf.byteLength),
    },
  });
}
