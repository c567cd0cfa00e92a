// npm run probe: the attacks of issue 27 (SECURITY.md) tried against a running server, one line each.
//   BASE_URL        the server (default http://localhost:3000)
//   PROBE_EMAIL / PROBE_PASSWORD   a student account without premium access, for the checks that
//                   need a session (default: the demo's basic.student@demo.test)
//   PROBE_AWAITING_EMAIL / PROBE_AWAITING_PASSWORD   a university staff account awaiting approval
//   PROBE_PREDEPARTURE_EMAIL / PROBE_PREDEPARTURE_PASSWORD   a pre-departure account of an outside
//                   address that no admin approved, at PROBE_UNIVERSITY (default demo-university)
//   --write         also the attacks that leave data behind (a workshop place for a made-up address)
// Exits 1 when any attack succeeds (a finding), 2 when the server cannot be reached.
import http from "node:http";
import { randomBytes } from "node:crypto";

const BASE = new URL(process.env.BASE_URL ?? "http://localhost:3000");
const WRITE = process.argv.includes("--write");
const EMAIL = process.env.PROBE_EMAIL ?? "basic.student@demo.test";
const PASSWORD = process.env.PROBE_PASSWORD ?? "DemoPass#2026";
const run = randomBytes(4).toString("hex");
const host = BASE.host;

/**
 * One request with every header under our control (fetch will not send a forged Host). `body` is a
 * string, or a function that writes to the request and ends it. Resolves at the answer's end.
 */
function send(path, { method = "GET", headers = {}, body, timeoutMs = 20_000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: BASE.hostname,
        port: BASE.port || 80,
        path,
        method,
        headers: { Host: host, "Sec-Fetch-Site": "same-origin", ...headers },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on("error", reject);
    if (typeof body === "function") body(req);
    else req.end(body);
  });
}

const form = (fields) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
// Behind a proxy that is trusted (TRUST_PROXY), each run counts against an address of its own.
const CLIENT = { "X-Forwarded-For": `198.51.100.${randomBytes(1)[0] % 250}` };

async function login(email, password) {
  const r = await send("/login", { method: "POST", headers: { ...FORM, ...CLIENT }, body: form({ email, password }) });
  const sid = (r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("sid="));
  return r.status === 303 && sid ? sid : null;
}

/** The session of the account an attack needs, from PROBE_<name>_EMAIL / _PASSWORD, or why there is none. */
async function accountFromEnv(name, what) {
  const email = process.env[`PROBE_${name}_EMAIL`];
  if (!email) return { skip: `no ${what} given (PROBE_${name}_EMAIL / PROBE_${name}_PASSWORD)` };
  const sid = await login(email, process.env[`PROBE_${name}_PASSWORD`] ?? "");
  return sid ? { sid } : { skip: `the ${what} could not log in` };
}

/**
 * Sends `total` bytes of a form (declared, or chunked when `declared` is false) and says what
 * the server answered and how much it took before answering.
 */
function bigBody(path, total, declared) {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const headers = {
      ...FORM,
      ...CLIENT,
      ...(declared ? { "Content-Length": String(total) } : { "Transfer-Encoding": "chunked" }),
    };
    const req = http.request({
      host: BASE.hostname,
      port: BASE.port || 80,
      path,
      method: "POST",
      headers: { Host: host, "Sec-Fetch-Site": "same-origin", ...headers },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      resolve({ status: res.statusCode, sent });
      req.destroy();
    });
    req.on("error", (e) =>
      answered ? undefined : sent > 0 ? resolve({ status: null, sent, error: e.message }) : reject(e),
    );
    req.setTimeout(60_000, () => req.destroy(new Error("no answer within 60 s")));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    req.write("message=");
    pump();
  });
}

const attacks = [
  [
    "a forged Host header is refused before any page runs",
    async () => {
      const page = await send("/", { headers: { Host: "attacker.example" } });
      const reset = await send("/forgot-password/1", {
        method: "POST",
        headers: { ...FORM, ...CLIENT, Host: "attacker.example" },
        body: form({ email: `probe-${run}@example.com` }),
      });
      const ok = [400, 421].includes(page.status) && [400, 421].includes(reset.status);
      return [ok, `GET / answered ${page.status}, a reset request ${reset.status}`];
    },
  ],
  [
    "a declared 400 MB form is refused at once with 413",
    async () => {
      const r = await bigBody("/login", 400 * 1024 * 1024, true);
      return [
        r.status === 413 && r.sent < 64 * 1024 * 1024,
        `answered ${r.status ?? r.error} after ${(r.sent / 1024 / 1024).toFixed(1)} MB`,
      ];
    },
  ],
  [
    "a chunked 64 MB form is cut off with 413",
    async () => {
      const r = await bigBody("/contact-us", 64 * 1024 * 1024, false);
      return [
        r.status === 413 && r.sent < 64 * 1024 * 1024,
        `answered ${r.status ?? r.error} after ${(r.sent / 1024 / 1024).toFixed(1)} MB`,
      ];
    },
  ],
  [
    "a cross-site form post is refused",
    async () => {
      const r = await send("/login", {
        method: "POST",
        headers: { ...FORM, ...CLIENT, "Sec-Fetch-Site": "cross-site" },
        body: form({ email: "x@example.com", password: "x" }),
      });
      return [r.status === 403, `answered ${r.status}`];
    },
  ],
  [
    "pages carry the security headers",
    async () => {
      const r = await send("/login");
      const missing = [
        "content-security-policy",
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
      ].filter((h) => !r.headers[h]);
      const nonce = /script-src 'self' 'nonce-[^']+'/.test(r.headers["content-security-policy"] ?? "");
      return [
        missing.length === 0 && nonce,
        missing.length ? `missing ${missing.join(", ")}` : nonce ? "all present, scripts by nonce" : "no script nonce",
      ];
    },
  ],
  [
    "a premium lesson's transcript and chapters are not given to a visitor",
    async () => {
      const list = JSON.parse((await send("/api/cih/videos?collection=premium")).body);
      const slug = list.results?.[0]?.slug;
      if (!slug) return [null, "no premium lesson is published"];
      const { video } = JSON.parse((await send(`/api/cih/videos/${encodeURIComponent(slug)}`)).body);
      const given = ["transcript", "chapters"].filter((k) => Array.isArray(video[k]) && video[k].length > 0);
      if (video.media) given.push("media");
      if (video.captions) given.push("captions");
      return [
        given.length === 0,
        given.length ? `${slug}: ${given.join(", ")} given away` : `${slug}: nothing premium in the answer`,
      ];
    },
  ],
  [
    "an unlicensed employer's offer names no option",
    async () => {
      const body = JSON.stringify({ soc: "2134", salary: 90000, employer: `No Such Employer ${run} Ltd` });
      const r = JSON.parse(
        (
          await send("/api/sponsorship-eligibility", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body,
          })
        ).body,
      );
      if (typeof r.eligible !== "boolean") return [false, `unexpected answer ${JSON.stringify(r).slice(0, 120)}`];
      return [r.eligible || r.option === null, `eligible ${r.eligible}, option ${JSON.stringify(r.option)}`];
    },
  ],
  [
    "a remembered page cannot send a logged-in person off the site",
    async (sid) => {
      if (!sid) return [null, "no session (PROBE_EMAIL / PROBE_PASSWORD)"];
      const bad = ["//attacker.example", "/\\attacker.example", "/%2e//attacker.example", "https://attacker.example/"];
      const off = [];
      for (const value of bad) {
        const r = await send("/login-success", {
          headers: { Cookie: `${sid}; prev_url=${encodeURIComponent(value)}` },
        });
        const to = r.headers.location ?? "";
        if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) off.push(`${value} → ${to}`);
      }
      return [off.length === 0, off.length ? off.join("; ") : `${bad.length} addresses kept on the site`];
    },
  ],
  [
    "a personal page may not be stored by a cache",
    async (sid) => {
      if (!sid) return [null, "no session (PROBE_EMAIL / PROBE_PASSWORD)"];
      const r = await send("/student-dashboard", { headers: { Cookie: sid } });
      return [
        r.headers["cache-control"] === "private, no-store",
        `answered ${r.status} with Cache-Control ${r.headers["cache-control"] ?? "(none)"}`,
      ];
    },
  ],
  [
    "a staff account awaiting approval has no admin powers",
    async () => {
      const { sid, skip } = await accountFromEnv("AWAITING", "staff account awaiting approval");
      if (!sid) return [null, skip];
      const dashboard = await send("/university-dashboard", { headers: { Cookie: sid } });
      const workshops = await send("/workshop-and-webinars", { headers: { Cookie: sid } });
      const form = /name="intent" value="(add|create)/.test(workshops.body);
      return [
        dashboard.status !== 200 && !form,
        `dashboard ${dashboard.status}, workshop form ${form ? "offered" : "not offered"}`,
      ];
    },
  ],
  [
    "a pre-departure account nobody vouched for reads no internal content",
    async () => {
      const { sid, skip } = await accountFromEnv("PREDEPARTURE", "unvouched pre-departure account");
      if (!sid) return [null, skip];
      const university = process.env.PROBE_UNIVERSITY ?? "demo-university";
      const manual = await send(`/career-manual/${encodeURIComponent(university)}`, { headers: { Cookie: sid } });
      return [manual.status !== 200, `${university}'s career manual answered ${manual.status}`];
    },
  ],
  [
    "typing an address that holds a workshop place does not hand the place over",
    async () => {
      if (!WRITE) return [null, "leaves a place behind: run with --write"];
      const page = await send("/workshop-and-webinars");
      const id = /name="workshop" value="(\d+)"[^]*?name="email"/.exec(page.body)?.[1];
      if (!id) return [null, "no workshop takes a visitor's registration now"];
      const register = () =>
        send("/workshop-and-webinars", {
          method: "POST",
          headers: { ...FORM, ...CLIENT },
          body: form({
            intent: "register",
            workshop: id,
            name: "Probe Visitor",
            email: `probe-${run}@example.com`,
            website: "",
          }),
        });
      const first = await register();
      const again = await register();
      const leaked = [first, again].some((r) => /[?&]sig=/.test(`${r.headers.location ?? ""} ${r.body}`));
      const same = first.status === again.status && first.headers.location === again.headers.location;
      return [
        !leaked && same,
        `answers ${first.status} ${first.headers.location ?? ""} then ${again.status} ${again.headers.location ?? ""}${leaked ? ", with a signed link" : ""}`,
      ];
    },
  ],
  [
    // Last: it spends this address's login attempts for a quarter of an hour.
    "parallel wrong passwords are judged no more often than the limit",
    async () => {
      const email = `probe-${run}@example.com`;
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          send("/login", {
            method: "POST",
            headers: { ...FORM, "X-Forwarded-For": `203.0.113.${randomBytes(1)[0] % 250}` },
            body: form({ email, password: `wrong-${run}` }),
          }),
        ),
      );
      const judged = answers.filter((a) => a.status !== 429).length;
      return [judged <= 5, `${judged} of 30 judged, ${30 - judged} refused with 429`];
    },
  ],
];

try {
  await send("/", { timeoutMs: 5_000 });
} catch (error) {
  console.error(`Cannot reach ${BASE.origin}: ${error.message}. Start the server, or set BASE_URL.`);
  process.exit(2);
}

const sid = await login(EMAIL, PASSWORD);
console.log(
  `Probing ${BASE.origin}${sid ? ` (logged in as ${EMAIL} where a session is needed)` : ""}${WRITE ? ", with --write" : ""}`,
);
let findings = 0;
let skipped = 0;
for (const [name, attack] of attacks) {
  let verdict;
  let detail;
  try {
    [verdict, detail] = await attack(sid);
  } catch (error) {
    [verdict, detail] = [false, `the probe failed: ${error.message}`];
  }
  if (verdict === false) findings++;
  if (verdict === null) skipped++;
  console.log(`${verdict === null ? "SKIP   " : verdict ? "ok     " : "FINDING"}  ${name}: ${detail}`);
}
console.log(
  `${findings} finding${findings === 1 ? "" : "s"}, ${attacks.length - findings - skipped} ok, ${skipped} skipped`,
);
process.exit(findings ? 1 : 0);
