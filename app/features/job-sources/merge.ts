/**
 * Which open jobs are one vacancy (issue 32): the same apply address, or the same employer on the
 * sponsor register with the same title and place. A vacancy is listed once, by its canonical job;
 * the others point at it (`duplicate_of`) and stay, so each source keeps its own row to update and close.
 */

/** Query parameters that track a click, not name a vacancy. */
const TRACKING = /^(utm_.*|gclid|fbclid|msclkid|mc_[a-z]+|ref|referrer|source|src|gh_src|lever-source.*)$/i;

/** An apply address as a key: host without "www.", path without a trailing slash, no tracking parameters, no fragment. */
export function applyKey(url: string | null): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const params = [...parsed.searchParams]
    .filter(([name]) => !TRACKING.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : "";
  const path = parsed.pathname.replace(/\/+$/, "");
  return `${parsed.hostname.toLowerCase().replace(/^www\./, "")}${path}${query}`;
}

/** A title or place as compared: lower case, no accents, gender markers like "(m/f/d)" gone, punctuation as spaces. */
export function normalisedText(text: string | null): string {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\((?:m|f|w|d|x)(?:\s*\/\s*(?:m|f|w|d|x))+\)/g, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The employer-title-place key, only for an employer found on the register (a name alone is too loose). */
export function vacancyKey(job: { sponsorSlug: string | null; title: string; town: string | null }): string | null {
  if (!job.sponsorSlug) return null;
  return `${job.sponsorSlug}|${normalisedText(job.title)}|${normalisedText(job.town)}`;
}

export type MergeCandidate = {
  id: number;
  applyUrl: string | null;
  sponsorSlug: string | null;
  title: string;
  town: string | null;
  /** An employer's own posting on the platform: the canonical one of its group. */
  ownPosting: boolean;
};

/**
 * Each job's canonical job (its own id when it is one), over the open jobs given: jobs sharing either
 * key are one vacancy, transitively. The canonical job is an employer's own posting if the group has
 * one, else the oldest (lowest id), so a listing keeps its address while its duplicates come and go.
 */
export function canonicalJobs(jobs: readonly MergeCandidate[]): Map<number, number> {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    for (let at = id; at !== root; ) {
      const next = parent.get(at)!;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const better = (a: number, b: number) => {
    const ja = byId.get(a)!;
    const jb = byId.get(b)!;
    if (ja.ownPosting !== jb.ownPosting) return ja.ownPosting ? a : b;
    return a < b ? a : b;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return;
    const root = better(ra, rb);
    parent.set(ra, root);
    parent.set(rb, root);
  };
  const firstWith = new Map<string, number>();
  for (const job of jobs) parent.set(job.id, job.id);
  for (const job of jobs) {
    for (const key of [applyKey(job.applyUrl), vacancyKey(job)]) {
      if (!key) continue;
      const seen = firstWith.get(key);
      if (seen === undefined) firstWith.set(key, job.id);
      else union(seen, job.id);
    }
  }
  return new Map(jobs.map((j) => [j.id, find(j.id)]));
}
