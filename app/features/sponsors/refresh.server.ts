import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { type ImportSummary, importRegister } from "./import.server";
import { type RegisterLink, newestRegisterLink, registerLinks } from "./publication-page";
import { latestSnapshot } from "./queries.server";
import { openRegisterSource } from "./source.server";

/** The page could not be read, or holds no dated register file: nothing was imported. */
export class RefreshError extends Error {}

/** GOV.UK's publication page is about 100 KB; anything far larger is not that page. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 30_000;

export type NewestRegister = RegisterLink & { date: string };

/** The newest register file linked from the publication page at `pageUrl`. */
export async function findNewestRegister(pageUrl: string): Promise<NewestRegister> {
  let html: string;
  let finalUrl = pageUrl;
  try {
    const response = await fetch(pageUrl, {
      signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
      headers: { Accept: "text/html" },
    });
    if (!response.ok) throw new Error(`it answered ${response.status} ${response.statusText}`.trim());
    if (Number(response.headers.get("content-length") ?? 0) > MAX_PAGE_BYTES) throw new Error("it is larger than 5 MB");
    html = await response.text();
    if (html.length > MAX_PAGE_BYTES) throw new Error("it is larger than 5 MB");
    finalUrl = response.url || pageUrl;
  } catch (e) {
    throw new RefreshError(`Cannot read the register's page ${pageUrl}: ${(e as Error).message}.`);
  }
  const links = registerLinks(html, finalUrl);
  if (!links.length) {
    throw new RefreshError(
      `The page ${pageUrl} links no register file (.csv). If GOV.UK has moved it, import it by hand: npm run sponsors:import -- <file or URL>.`,
    );
  }
  const newest = newestRegisterLink(links);
  if (!newest) {
    throw new RefreshError(
      `The page ${pageUrl} links ${links.length} CSV ${links.length === 1 ? "file" : "files"} but none says its date (${links.map((l) => l.url).join(", ")}). ` +
        "Import one by hand with its date: npm run sponsors:import -- <URL> --date YYYY-MM-DD.",
    );
  }
  return newest;
}

export type RefreshOutcome =
  | { kind: "imported"; found: NewestRegister; summary: ImportSummary }
  /** The register held is the newest on the page, or newer: nothing was done. */
  | { kind: "current"; found: NewestRegister; held: string };

/**
 * Imports the newest register of the publication page with the importer (one transaction, the
 * same checks), unless the register held is already that one or newer.
 */
export async function refreshRegister(db: Db, pageUrl: string, requestedBy?: AuditActor): Promise<RefreshOutcome> {
  const found = await findNewestRegister(pageUrl);
  const held = await latestSnapshot(db);
  if (held && held.registerDate >= found.date) return { kind: "current", found, held: held.registerDate };
  let chunks;
  try {
    chunks = await openRegisterSource(found.url);
  } catch (e) {
    throw new RefreshError(`Cannot read the register of ${found.date} at ${found.url}: ${(e as Error).message}.`);
  }
  const summary = await importRegister(db, chunks, { registerDate: found.date, source: found.url, requestedBy });
  return { kind: "imported", found, summary };
}
