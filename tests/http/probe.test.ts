import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { universities } from "~/db/schema";
import { TEST_PASSWORD, accountIn, createUser } from "../support/factories";
import { type TestServer, startServerWithData } from "./harness";

// npm run probe is how an operator re-checks a deployment (SECURITY.md): on this server it finds
// nothing and skips nothing, and on a server that has every hole it reports each one, so it cannot
// pass by accident.
const PROBE = path.resolve(import.meta.dirname, "../../scripts/probe.js");

function probe(baseUrl: string, env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [PROBE, "--write"], {
      env: { ...process.env, BASE_URL: baseUrl, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("npm run probe", () => {
  let server: TestServer;
  let accounts: { awaiting: string; predeparture: string };
  let stop = async () => {};
  beforeAll(async () => {
    ({
      server,
      prepared: accounts,
      stop,
    } = await startServerWithData(async (db) => {
      const [demo] = await db.select().from(universities).where(eq(universities.slug, "demo-university"));
      const awaiting = await createUser(db, {
        universityId: demo!.id,
        role: "university_admin",
        email: "staff.waiting@mail.example",
        ...accountIn("awaiting_approval"),
      });
      // Confirmed, but neither approved nor invited, and not of the university's domains.
      const predeparture = await createUser(db, {
        universityId: demo!.id,
        role: "predeparture_student",
        email: "outside@mail.example",
        emailVerifiedAt: new Date(),
      });
      return { awaiting: awaiting.email, predeparture: predeparture.email };
    }));
  });
  afterAll(() => stop());

  it("finds nothing and skips nothing on this server", async () => {
    const { code, out } = await probe(server.origin, {
      PROBE_AWAITING_EMAIL: accounts.awaiting,
      PROBE_AWAITING_PASSWORD: TEST_PASSWORD,
      PROBE_PREDEPARTURE_EMAIL: accounts.predeparture,
      PROBE_PREDEPARTURE_PASSWORD: TEST_PASSWORD,
    });
    expect(out).toMatch(/^0 findings, 13 ok, 0 skipped$/m);
    expect(code, out).toBe(0);
  });

  it("reports every hole of a server that has them all", async () => {
    // Answers 200 to anything at once, unread bodies and forged hosts included; a login "works".
    const naive = http.createServer((req, res) => {
      if (req.url === "/login" && req.method === "POST") {
        res.writeHead(303, { Location: "/", "Set-Cookie": "sid=naive" });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": "text/plain" });
      // Every page offers a workshop place, and hands its signed link to whoever asks.
      res.end(`ok <input name="workshop" value="1"><input name="email"> http://${req.headers.host}/place?sig=1`);
    });
    await new Promise<void>((resolve) => naive.listen(0, "127.0.0.1", resolve));
    try {
      // Its login takes any account, so the attacks that need one run too.
      const { code, out } = await probe(`http://127.0.0.1:${(naive.address() as AddressInfo).port}`, {
        PROBE_AWAITING_EMAIL: "staff@example.test",
        PROBE_PREDEPARTURE_EMAIL: "outside@example.test",
      });
      expect(code).toBe(1);
      const found = out.split("\n").filter((l) => l.startsWith("FINDING")).length;
      expect(out).toMatch(/^13 findings, 0 ok, 0 skipped$/m);
      expect(found).toBe(13);
    } finally {
      await new Promise((resolve) => naive.close(resolve));
    }
  });
});
