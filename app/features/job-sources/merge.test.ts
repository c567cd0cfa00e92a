import { describe, expect, it } from "vitest";
import { type MergeCandidate, applyKey, canonicalJobs, normalisedText, vacancyKey } from "./merge";

const job = (id: number, over: Partial<MergeCandidate> = {}): MergeCandidate => ({
  id,
  applyUrl: null,
  sponsorSlug: null,
  title: `Job ${id}`,
  town: null,
  ownPosting: false,
  ...over,
});

describe("applyKey", () => {
  it("ignores www, a trailing slash, tracking parameters, the fragment and the order of parameters", () => {
    const key = "boards.acme.test/jobs/42?b=2&gh_jid=42";
    expect(applyKey("https://www.boards.acme.test/jobs/42/?gh_jid=42&utm_source=x&b=2#apply")).toBe(key);
    expect(applyKey("http://boards.ACME.test/jobs/42?b=2&gh_jid=42&gclid=abc")).toBe(key);
  });

  it("is null for no address, a mailto or nonsense", () => {
    expect(applyKey(null)).toBeNull();
    expect(applyKey("mailto:jobs@acme.test")).toBeNull();
    expect(applyKey("not a url")).toBeNull();
  });
});

describe("vacancyKey", () => {
  it("needs the employer on the register, and compares title and place loosely", () => {
    expect(vacancyKey({ sponsorSlug: null, title: "Analyst", town: "Leeds" })).toBeNull();
    expect(vacancyKey({ sponsorSlug: "acme", title: "Data Analyst (m/f/d)", town: "Leeds" })).toBe(
      vacancyKey({ sponsorSlug: "acme", title: "data analyst", town: "LEEDS" }),
    );
    expect(normalisedText("Café – Barista!")).toBe("cafe barista");
  });
});

describe("canonicalJobs", () => {
  it("groups by either key, transitively, under the oldest job", () => {
    const jobs = [
      job(5, { applyUrl: "https://acme.test/apply/1" }),
      job(3, { applyUrl: "https://acme.test/apply/1?utm_medium=feed", sponsorSlug: "acme", title: "Analyst" }),
      job(9, { sponsorSlug: "acme", title: "analyst" }),
      job(7, { sponsorSlug: "other", title: "Analyst" }),
    ];
    const canonical = canonicalJobs(jobs);
    expect(canonical.get(5)).toBe(3);
    expect(canonical.get(3)).toBe(3);
    expect(canonical.get(9)).toBe(3);
    expect(canonical.get(7)).toBe(7);
  });

  it("puts an employer's own posting first, whatever its age", () => {
    const canonical = canonicalJobs([
      job(1, { applyUrl: "https://acme.test/a" }),
      job(8, { applyUrl: "https://acme.test/a", ownPosting: true }),
    ]);
    expect(canonical.get(1)).toBe(8);
  });
});
