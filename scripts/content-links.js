// npm run content:links: every external link of the content (content/) and of the app (its rule data
// and the official pages its pages cite), with the files citing each. With network access each one is
// checked (HEAD, then GET when HEAD is not answered with 200; redirects followed) and every link that
// does not end in 200 is reported; without network access they are only listed. Run it before each
// content review (docs/content-review.md).
//   --list   only list the links, even with network access
// Exits 1 when a link fails or an address retired by a review is cited again, 2 on a bad option, 0 otherwise.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where links are looked for, from the repository's root; tests and their fixtures cite nothing. */
const ROOTS = ["content", "app"];
const TEXT_FILE = /\.(md|ts|tsx|csv)$/;
const TEST_FILE = /\.test\.tsx?$|(^|\/)test-fixtures\//;

/**
 * Addresses a content review found not to exist, with what to cite instead (issue 35). Any of them
 * back in a file is reported, with or without network access.
 */
export const RETIRED = [
  { address: "https://www.gov.uk/student-visa/work", instead: "https://www.gov.uk/student-visa" },
  { address: "https://www.gov.uk/student-visa/what-you-can-and-cannot-do", instead: "https://www.gov.uk/student-visa" },
  {
    address: "https://enterprise.gov.ie/en/publications/employment-permits-mar-roadmap-2025.html",
    instead: "https://enterprise.gov.ie/en/news-and-events/department-news/2025/december/20251202.html",
  },
  {
    address: "https://www.irishimmigration.ie/coming-to-study-in-ireland/frequently-asked-questions-for-students/",
    instead:
      "https://www.workplacerelations.ie/en/news-media/Workplace_Relations_Notices/Changes_to_Employment_entitlements_of_Non-EEA_Students_holding_Immigration_Stamp_2.html",
  },
];

/** Addresses that are names or examples, not pages to visit: XML namespaces, JSON-LD's vocabulary, made-up profiles in samples and hints. */
const NOT_PAGES = [
  "http://www.w3.org/",
  "http://www.sitemaps.org/schemas/",
  "http://purl.org/",
  "https://schema.org",
  "https://www.linkedin.com/in/your-name",
  "https://www.linkedin.com/in/amaraokafor",
  "https://github.com/amara-o",
  "https://careers.demo.ac.uk",
];

/** Host names reserved for examples and tests (RFC 2606, RFC 6761), and the machine itself. */
const PLACEHOLDER_HOST = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|org|net)$|^127\.|^\[?::1\]?$/;

/** The http(s) addresses in a text, each once, as written (less the punctuation that ends a sentence or a Markdown link). */
export function linksIn(text) {
  const found = new Set();
  for (const [raw] of text.matchAll(/https?:\/\/[^\s<>"'`()[\]{}|\\^]+/g)) {
    const link = raw.replace(/[.,;:!?*_]+$/, "");
    if (isPage(link)) found.add(link);
  }
  return [...found];
}

/** Whether an address is a public page (not a template, a placeholder, a namespace or a made-up example). */
function isPage(link) {
  if (link.includes("${") || link.includes("…")) return false;
  let url;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (!url.hostname.includes(".") || PLACEHOLDER_HOST.test(url.hostname)) return false;
  return !NOT_PAGES.some((prefix) => link.startsWith(prefix));
}

/** The retired addresses a text cites, written with or without their scheme, "www." or final slash. */
export function retiredIn(text) {
  const lower = text.toLowerCase();
  return RETIRED.filter(({ address }) => {
    const bare = address
      .replace(/^https:\/\/(www\.)?/, "")
      .replace(/\/$/, "")
      .toLowerCase();
    // Preceded by more of a host name, or followed by more of a path, it is another address.
    return new RegExp(`(?<![\\w-])${bare.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/?(?![\\w/-])`).test(lower);
  });
}

/** The files to read under the roots, sorted, relative to `rootDir` with forward slashes. */
async function citingFiles(rootDir, roots = ROOTS) {
  const files = [];
  for (const root of roots) {
    const entries = await fs
      .readdir(path.join(rootDir, root), { recursive: true, withFileTypes: true })
      .catch((e) => (e.code === "ENOENT" ? [] : Promise.reject(e)));
    for (const entry of entries) {
      if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
      const file = path.relative(rootDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      if (!TEST_FILE.test(file)) files.push(file);
    }
  }
  return files.sort();
}

/** Every link and the files citing it (links in order of address), and every retired address cited, by file. */
export async function collectLinks(rootDir, roots = ROOTS) {
  const links = new Map();
  const retired = [];
  for (const file of await citingFiles(rootDir, roots)) {
    const text = await fs.readFile(path.join(rootDir, file), "utf8");
    for (const link of linksIn(text)) links.set(link, [...(links.get(link) ?? []), file]);
    for (const { address, instead } of retiredIn(text)) retired.push({ file, address, instead });
  }
  return { links: new Map([...links].sort(([a], [b]) => a.localeCompare(b))), retired };
}

/** Whether this machine reaches the web: GOV.UK answers anything within a few seconds. */
async function online(timeoutMs = 5_000) {
  try {
    const answer = await fetch("https://www.gov.uk/", { method: "HEAD", signal: AbortSignal.timeout(timeoutMs) });
    await answer.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

const HEADERS = {
  "User-Agent": "careers-platform content link check (npm run content:links)",
  Accept: "text/html,application/pdf,*/*",
};

/** One address checked: HEAD, then GET if HEAD does not give 200 (some servers refuse HEAD); redirects followed. */
export async function checkLink(link, timeoutMs = 20_000) {
  let last = null;
  for (const method of ["HEAD", "GET"]) {
    try {
      const answer = await fetch(link, {
        method,
        redirect: "follow",
        headers: HEADERS,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await answer.body?.cancel();
      last = { status: answer.status, finalUrl: answer.url };
      if (answer.status === 200) return { ok: true, ...last };
    } catch (error) {
      last = { status: null, error: error instanceof Error ? (error.cause?.message ?? error.message) : String(error) };
    }
  }
  return { ok: false, ...last };
}

/** Runs `work` over `items`, `limit` at a time, answering in the items' order. */
async function inTurn(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function main(argv) {
  const unknown = argv.filter((a) => a !== "--list");
  if (unknown.length) {
    console.error(`Unknown option ${unknown[0]}\nUsage: npm run content:links [-- --list]`);
    return 2;
  }
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { links, retired } = await collectLinks(rootDir);
  const check = !argv.includes("--list") && (await online());
  const results = check ? await inTurn([...links.keys()], 8, (link) => checkLink(link)) : null;
  const failed = [];
  [...links].forEach(([link, files], i) => {
    const result = results?.[i];
    const mark = !result ? "" : result.ok ? "200 " : `FAIL ${result.status ?? result.error} `;
    console.log(
      `${mark}${link}${result?.ok && result.finalUrl && result.finalUrl !== link ? ` (-> ${result.finalUrl})` : ""}`,
    );
    for (const file of files) console.log(`    ${file}`);
    if (result && !result.ok) failed.push({ link, files, result });
  });
  const fileCount = new Set([...links.values()].flat()).size;
  console.log(`\n${links.size} external links in ${fileCount} files.`);
  if (!check)
    console.log(argv.includes("--list") ? "Listed only (--list)." : "No network access: listed only, not checked.");
  for (const { link, files, result } of failed)
    console.log(`Did not answer 200: ${link} (${result.status ?? result.error}), cited in ${files.join(", ")}`);
  if (check)
    console.log(
      failed.length ? `${failed.length} of ${links.size} links did not answer 200.` : `Every link answered 200.`,
    );
  for (const { file, address, instead } of retired)
    console.log(`Retired address in ${file}: ${address}; cite ${instead} instead.`);
  return failed.length || retired.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
