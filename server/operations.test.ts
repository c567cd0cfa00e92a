import { afterEach, describe, expect, it, vi } from "vitest";
import { Readiness, type ReadinessProbe, bearerMatches } from "./operations";

const TOKEN = "metrics-token-0123456789abcdef";

describe("the metrics' bearer token", () => {
  it("is taken only exactly, as a Bearer token", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN} `, TOKEN)).toBe(true);
    for (const header of [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      `Bearer ${TOKEN.toUpperCase()}`,
    ])
      expect(bearerMatches(header, TOKEN), String(header)).toBe(false);
  });
});

/** A database that answers as told, counting what it was asked. */
function probe(answers: { ping?: () => Promise<unknown>; applied?: number; expected?: number } = {}) {
  const asked = { pings: 0, migrations: 0 };
  const p: ReadinessProbe = {
    ping: () => (asked.pings++, answers.ping ? answers.ping() : Promise.resolve()),
    migrations: async () => (asked.migrations++, { applied: answers.applied ?? 3, expected: answers.expected ?? 3 }),
  };
  return { probe: p, asked };
}

describe("readiness", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is ready while the database answers with every migration applied, and counts them only until they are", async () => {
    const behind = probe({ applied: 2, expected: 3 });
    const readiness = new Readiness(behind.probe);
    expect(await readiness.check()).toEqual({
      ready: false,
      reason: "the database has 2 of 3 migrations applied",
    });
    expect(await readiness.check()).toMatchObject({ ready: false });
    expect(behind.asked).toEqual({ pings: 2, migrations: 2 });

    const current = probe();
    const ready = new Readiness(current.probe);
    for (let i = 0; i < 3; i++) expect(await ready.check()).toEqual({ ready: true, reason: "ready" });
    expect(current.asked).toEqual({ pings: 3, migrations: 1 });
  });

  it("asks the database once for the probes that arrive together", async () => {
    let answer!: () => void;
    const slow = probe({ ping: () => new Promise<void>((resolve) => (answer = resolve)) });
    const readiness = new Readiness(slow.probe);
    const verdicts = Promise.all([readiness.check(), readiness.check(), readiness.check()]);
    answer();
    expect((await verdicts).map((v) => v.ready)).toEqual([true, true, true]);
    expect(slow.asked.pings).toBe(1);
  });

  it("is not ready when the database fails or does not answer in time, and asks a hung one nothing more", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = new Readiness(probe({ ping: () => Promise.reject(new Error("connection refused")) }).probe);
    expect(await failing.check()).toEqual({ ready: false, reason: "the database does not answer" });

    const hung = probe({ ping: () => new Promise(() => {}) });
    const readiness = new Readiness(hung.probe, 0);
    expect(await readiness.check()).toEqual({ ready: false, reason: "the database did not answer within 0 ms" });
    expect(await readiness.check()).toMatchObject({ ready: false });
    expect(hung.asked.pings).toBe(1);
  });

  it("is not ready once draining, whatever the database says, even for a probe already asking", async () => {
    let answer!: () => void;
    const slow = probe({ ping: () => new Promise<void>((resolve) => (answer = resolve)) });
    const readiness = new Readiness(slow.probe);
    const asking = readiness.check();
    readiness.drain();
    answer();
    expect(await asking).toEqual({ ready: false, reason: "shutting down" });
    expect(await readiness.check()).toEqual({ ready: false, reason: "shutting down" });
    expect(slow.asked.pings).toBe(1);
  });
});
