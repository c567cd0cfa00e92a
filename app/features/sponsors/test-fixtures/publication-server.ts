import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const PAGE = fs.readFileSync(path.join(import.meta.dirname, "register-publication-page.html"), "utf8");
export const PAGE_PATH = "/government/publications/register-of-licensed-sponsors-workers";
/** Where the page's newest register (26 June 2026) is, and the older one (19 June). */
export const NEWEST_PATH = "/media/685d3c1f4b9e2e5c7d8a0b11/2026-06-26_-_Worker_and_Temporary_Worker.csv";
export const OLDER_PATH = "/media/6854a0e2d3b1c8f7a6e5d4c3/Worker_and_Temporary_Worker.csv";

export const NEWEST_REGISTER = [
  "Organisation Name,Town/City,County,Type & Rating,Route",
  "Acme Widgets Ltd,Leeds,West Yorkshire,Worker (A rating),Skilled Worker",
  "Bravo Care Ltd,York,,Worker (B rating),Skilled Worker",
  "Bravo Care Ltd,York,,Temporary Worker (A rating),Creative Worker",
].join("\n");

/**
 * GOV.UK on 127.0.0.1: the test copy of the register's publication page, whose GOV.UK addresses
 * point here instead, and the files it links. `files` adds or replaces answers by path; every
 * request's path is kept in `requests`, so a test can tell what was downloaded.
 */
export async function servePublication(files: Record<string, string> = {}) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname);
    const page = PAGE.replaceAll("https://assets.publishing.service.gov.uk", base).replaceAll(
      "https://www.gov.uk",
      base,
    );
    const answers: Record<string, string> = { [PAGE_PATH]: page, [NEWEST_PATH]: NEWEST_REGISTER, ...files };
    const body = answers[url.pathname];
    if (body === undefined) return res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    res
      .writeHead(200, { "Content-Type": url.pathname.endsWith(".csv") ? "text/csv" : "text/html; charset=utf-8" })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    pageUrl: `${base}${PAGE_PATH}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
