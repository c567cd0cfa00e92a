import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".txt", ".json", ".webmanifest"]);

/** A file of the client build; one worth compressing is gzipped when first asked for so, and kept. */
type StaticFile = { body: Buffer; compressible: boolean; gzip?: Buffer; type: string; immutable: boolean };

/** The client build is small, so it is read once at start and served from memory. */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const urlPath = "/" + path.relative(dir, full).split(path.sep).join("/");
    const ext = path.extname(entry.name).toLowerCase();
    const body = fs.readFileSync(full);
    files.set(urlPath, {
      body,
      compressible: COMPRESSIBLE.has(ext) && body.length > 1024,
      type: TYPES[ext] ?? "application/octet-stream",
      immutable: urlPath.startsWith("/assets/"),
    });
  }
  return files;
}

export function serveStatic(
  files: Map<string, StaticFile>,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const file = files.get(pathname);
  if (!file) return false;
  const useGzip = file.compressible && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  const body = useGzip ? (file.gzip ??= gzipSync(file.body, { level: 9 })) : file.body;
  res.writeHead(200, {
    "Content-Type": file.type,
    "Content-Length": body.length,
    "Cache-Control": file.immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    ...(file.compressible ? { Vary: "Accept-Encoding" } : {}),
    ...(useGzip ? { "Content-Encoding": "gzip" } : {}),
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
