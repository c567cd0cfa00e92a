import { type LoaderFunctionArgs, data } from "react-router";
import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { ebookBySlug } from "~/features/ebooks/catalogue";
import { ebookLinksContext } from "~/features/ebooks/context";
import { checkDownload, ebookPdf } from "~/features/ebooks/ebooks.server";
import { clockContext } from "~/lib/context";

/** An e-book's PDF, from its signed link: 404 when the link is not genuine, 410 once it has expired. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ebook = ebookBySlug(params.slug ?? "");
  if (!ebook) throw data("There is no such e-book.", { status: 404 });
  const url = new URL(request.url);
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
