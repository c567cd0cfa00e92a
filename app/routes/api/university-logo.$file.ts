import { dbContext } from "~/db/context";
import { logoForFile } from "~/features/university-profile/logo.server";
import type { Route } from "./+types/university-logo.$file";

const YEAR = 365 * 24 * 3600;

const notFound = () =>
  new Response("There is no such logo", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

/**
 * GET /university-logo/{slug}.{hash}.{png|svg}: a university's uploaded logo, for its microsite's
 * header (open to visitors: the login page shows it). Only the name of the logo stored now answers;
 * the hash changes with the bytes, so the file is cached for good. An SVG is sandboxed as a document
 * of its own (opened directly, it runs nothing and loads nothing); shown through <img> it never could.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const logo = await logoForFile(context.get(dbContext), params.file);
  if (!logo) return notFound();
  const headers: Record<string, string> = {
    "Content-Type": logo.type,
    "Cache-Control": `public, max-age=${YEAR}, immutable`,
    "X-Content-Type-Options": "nosniff",
    ETag: `"${logo.hash}"`,
    ...(logo.type === "image/svg+xml"
      ? { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
      : {}),
  };
  if (request.headers.get("if-none-match") === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(logo.data), {
    headers: { ...headers, "Content-Length": String(logo.data.byteLength) },
  });
}
