import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, loginAs, request, requestBytes, startServerProcess } from "./harness";

// Issue 27: a 400 MB form post to /login grew the server to 1.7 GB and was answered 400 only once
// the whole body was buffered; a 64 MB chunked post to /contact-us answered 400, not 413. Every body
// is limited at the server's edge (app/lib/body-limits.ts), before any route reads it.
// A process of its own: the memory it holds is read from /proc, apart from this process sending the bodies.
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ TRUST_PROXY: "true" });
});
afterAll(() => server?.stop());

const KiB = 1024;
const MB = 1024 * KiB;
const sameSite = () => ({
  Host: `localhost:${server.port}`,
  Origin: server.origin,
  "Sec-Fetch-Site": "same-origin",
  "X-Forwarded-For": "203.0.113.70",
});

type Sent = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  written: number;
  total: number;
  cutOff: boolean;
};

/**
 * Posts `total` bytes of form body, declared in Content-Length or chunked, writing as the socket
 * takes them and stopping once an answer comes (or the server closes the connection). `written` is
 * what had been written when the answer came.
 */
function postHuge(
  path: string,
  total: number,
  { declared, type = "application/x-www-form-urlencoded" }: { declared: boolean; type?: string },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      ...sameSite(),
      "Content-Type": type,
      ...(declared ? { "Content-Length": String(total) } : {}),
    };
    const req = http.request({ host: "127.0.0.1", port: server.port, path, method: "POST", headers });
    const chunk = Buffer.alloc(64 * KiB, "a");
    let written = 0;
    let answer: Omit<Sent, "cutOff"> | null = null;
    let cutOff = false;
    req.on("response", (res) => {
      const at = written;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        answer = { status: res.statusCode ?? 0, headers: res.headers, body, written: at, total };
        req.destroy();
        resolve({ ...answer, cutOff });
      });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") return reject(error);
      cutOff = true;
    });
    req.on("close", () => {
      if (!answer) reject(new Error(`no answer to ${path} after ${written} of ${total} bytes (cut off: ${cutOff})`));
    });
    const pump = () => {
      while (!answer && !cutOff && written < total) {
        const n = Math.min(chunk.length, total - written);
        written += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once("drain", pump);
      }
      if (written >= total) req.end();
    };
    pump();
  });
}

/** What /proc says of the server's memory, in bytes: resident now, and the peak since `resetPeak`. */
function memory(): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)![1]) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}
/** Linux: writing 5 to clear_refs starts the peak (VmHWM) again from what is resident now. */
const resetPeak = () => fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");

describe("a body far larger than its address takes", () => {
  it("is refused with 413 while it is still being sent, and the server keeps none of it", async () => {
    const before = server.output().length;
    // The first refusal at each page loads its code (compiled code and heap the collector keeps a
    // while, longer on a busy machine): done before the peak is measured, which then counts bodies only.
    for (const path of ["/login", "/contact-us"])
      for (const declared of [true, false]) expect((await postHuge(path, MB, { declared })).status).toBe(413);
    resetPeak();
    const { rss } = memory();
    for (const path of ["/login", "/contact-us"]) {
      for (const [declared, total] of [
        [true, 400 * MB],
        [false, 200 * MB],
      ] as const) {
        const what = `${path}, ${total / MB} MB ${declared ? "declared" : "chunked"}`;
        const sent = await postHuge(path, total, { declared });
        expect(sent.status, what).toBe(413);
        expect(sent.body, what).toBe(
          "The form is larger than 64 KiB, the most this page takes: shorten it and send it again.",
        );
        expect(sent.headers.connection, what).toBe("close");
        // Answered while the client was still writing: the server did not wait for the rest.
        expect(sent.written, what).toBeLessThan(total);
      }
    }
    // Nothing of the bodies was held: the server's peak stayed far below even one of them.
    expect(memory().peak - rss).toBeLessThan(48 * MB);
    // Refusing is not a failure: nothing logged.
    expect(server.output().slice(before)).toBe("");
    // And the server goes on answering.
    expect((await request(server, { path: "/login" })).status).toBe(200);
  });

  it("is refused the same when a page sends it as a client-side navigation (.data)", async () => {
    const sent = await postHuge("/contact-us.data", 64 * MB, { declared: false });
    expect(sent.status).toBe(413);
    expect(sent.written).toBeLessThan(64 * MB);
  });

  it("is answered in an endpoint's JSON shape under /api/", async () => {
    const sent = await postHuge("/api/au-points", 2 * MB, { declared: false, type: "application/json" });
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({
      status: false,
      message: "The body is larger than 16 KiB",
      errors: [{ field: null, reason: "The body is larger than 16 KiB" }],
    });
  });
});

describe("the limit of a form", () => {
  /** A login form of exactly `size` bytes, sent declared or chunked (two writes). */
  const login = (size: number, declared: boolean) => {
    const start = "email=nobody%40example.com&password=";
    const body = start + "x".repeat(size - start.length);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers = {
        ...sameSite(),
        "Content-Type": "application/x-www-form-urlencoded",
        ...(declared ? { "Content-Length": String(size) } : {}),
      };
      const req = http.request(
        { host: "127.0.0.1", port: server.port, path: "/login", method: "POST", headers },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) =>
        error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
      );
      req.write(body.slice(0, size / 2));
      req.end(body.slice(size / 2));
    });
  };

  it.each([true, false])(
    "is 64 KiB: at the limit the page reads it, one byte over is 413 (declared: %s)",
    async (declared) => {
      const at = await login(64 * KiB, declared);
      // Read whole by the page, which judges the password too long.
      expect(at.status).toBe(400);
      expect(at.body).toContain("Passwords are at most 1,024 characters");
      const over = await login(64 * KiB + 1, declared);
      expect(over.status).toBe(413);
      expect(over.body).toBe("The form is larger than 64 KiB, the most this page takes: shorten it and send it again.");
    },
  );

  it("takes no file where its page has no file field", async () => {
    const boundary = "b0undary";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--${boundary}\r\nContent-Disposition: form-data; name="password"; filename="p.txt"\r\nContent-Type: text/plain\r\n\r\nsecret\r\n--${boundary}--\r\n`;
    const r = await request(server, {
      path: "/login",
      body,
      headers: { ...sameSite(), "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(r.status).toBe(400);
    expect(r.body).toContain("This page takes no file there: send the form from the page itself.");
  });
});

describe("an upload", () => {
  let admin: string;
  beforeAll(async () => {
    admin = await loginAs(server, "admin@demo.test");
  });

  const csv = (content: Buffer) => {
    const boundary = "----upload-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ninvite\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const body = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return requestBytes(server, {
      path: "/university-dashboard",
      method: "POST",
      cookie: admin,
      body,
      type: `multipart/form-data; boundary=${boundary}`,
    });
  };

  it("of a file one byte over its field's limit is refused as it streams in, with the page's own message", async () => {
    const r = await csv(Buffer.alloc(1 * MB + 1, "a"));
    expect(r.status).toBe(413);
    expect(r.body.toString("utf8")).toContain("The file is larger than 1 MB: upload a list of email addresses only");
  });

  it("of a file at its field's limit is read and judged as a list", async () => {
    const r = await csv(Buffer.alloc(1 * MB, "a"));
    expect(r.status).toBe(400);
    expect(r.body.toString("utf8")).toContain("nobody has been invited");
  });

  it("whose body is over the page's limit is refused at once, before the page runs", async () => {
    const before = server.output().length;
    const r = await csv(Buffer.alloc(2 * MB, "a"));
    expect(r.status).toBe(413);
    expect(r.body.toString("utf8")).toBe(
      "The file is larger than 1 MB, the most this page takes: choose a smaller one and send the form again.",
    );
    expect(r.headers.connection).toBe("close");
    expect(server.output().slice(before)).toBe("");
  });
});
