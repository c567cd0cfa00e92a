import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETIRED, checkLink, collectLinks, linksIn, retiredIn } from "./content-links.js";

describe("linksIn", () => {
  it("finds the addresses of Markdown links, front matter and code, each once, without the punctuation around them", () => {
    const text = [
      "sources:",
      "  - title: Graduate visa (GOV.UK)",
      "    url: https://www.gov.uk/graduate-visa",
      "Read [the rules](https://www.gov.uk/skilled-worker-visa/your-job). Or https://www.gov.uk/graduate-visa, again.",
      'const URL = "https://enterprise.gov.ie/en/news-and-events/department-news/2025/december/20251202.html";',
      "<a href='https://www.canada.ca/en/services.html?x=1#top'>Canada</a> and **https://www.cso.ie/**",
    ].join("\n");
    expect(linksIn(text)).toEqual([
      "https://www.gov.uk/graduate-visa",
      "https://www.gov.uk/skilled-worker-visa/your-job",
      "https://enterprise.gov.ie/en/news-and-events/department-news/2025/december/20251202.html",
      "https://www.canada.ca/en/services.html?x=1#top",
      "https://www.cso.ie/",
    ]);
  });

  it("leaves out templates, examples, the machine itself, namespaces and made-up profiles", () => {
    const text = [
      "`http://localhost:${port}/jobs` https://careers.example/jobs http://x https://…",
      "https://meet.example.org/cv https://demo.test/careers http://127.0.0.1:3000 https://careers.demo.ac.uk",
      'xmlns="http://www.w3.org/2000/svg" "@context": "https://schema.org" https://www.linkedin.com/in/your-name',
    ].join("\n");
    expect(linksIn(text)).toEqual([]);
  });
});

describe("retiredIn", () => {
  it("finds a retired address written with or without its scheme, www. or final slash, and nothing longer", () => {
    expect(retiredIn("[work](https://www.gov.uk/student-visa/work).").map((r) => r.address)).toEqual([
      "https://www.gov.uk/student-visa/work",
    ]);
    expect(retiredIn("(gov.uk/student-visa/what-you-can-and-cannot-do)").map((r) => r.address)).toEqual([
      "https://www.gov.uk/student-visa/what-you-can-and-cannot-do",
    ]);
    expect(
      retiredIn(
        "url: http://www.irishimmigration.ie/coming-to-study-in-ireland/frequently-asked-questions-for-students",
      ).map((r) => r.instead),
    ).toEqual([RETIRED.find((r) => r.address.includes("frequently-asked"))!.instead]);
    expect(
      retiredIn(
        "https://www.gov.uk/student-visa https://www.gov.uk/student-visa/working-hours https://www.gov.uk/student-visa/work/apply https://notgov.uk/student-visa/work",
      ),
    ).toEqual([]);
  });
});

describe("collectLinks", () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "content-links-"));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write(
      "content/faq/b.md",
      "See [GOV.UK](https://www.gov.uk/graduate-visa) and https://www.gov.uk/student-visa/work.",
    );
    write("content/posts/a.md", "url: https://www.gov.uk/graduate-visa\nhttps://www.cso.ie/");
    write("app/features/x/rules.ts", 'const SOURCE = "https://www.gov.uk/skilled-worker-visa";');
    write("app/features/x/rules.test.ts", 'expect(html).toContain("https://www.gov.uk/test-only");');
    write("app/features/x/test-fixtures/server.ts", 'const PAGE = "https://www.gov.uk/fixture-only";');
    write("app/features/x/logo.png", "https://www.gov.uk/not-text");
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("lists each link once, in order, with every file citing it, and leaves tests, fixtures and other files out", async () => {
    const { links, retired } = await collectLinks(root);
    expect([...links]).toEqual([
      ["https://www.cso.ie/", ["content/posts/a.md"]],
      ["https://www.gov.uk/graduate-visa", ["content/faq/b.md", "content/posts/a.md"]],
      ["https://www.gov.uk/skilled-worker-visa", ["app/features/x/rules.ts"]],
      ["https://www.gov.uk/student-visa/work", ["content/faq/b.md"]],
    ]);
    expect(retired).toEqual([
      {
        file: "content/faq/b.md",
        address: "https://www.gov.uk/student-visa/work",
        instead: "https://www.gov.uk/student-visa",
      },
    ]);
  });
});

describe("the content and the app after the review of issue 35", () => {
  const root = path.resolve(import.meta.dirname, "..");

  it("cite none of the addresses the review retired, and cite their replacements", async () => {
    const { links, retired } = await collectLinks(root);
    expect(retired).toEqual([]);
    for (const { instead } of RETIRED) expect(links.has(instead), instead).toBe(true);
  });

  it("give the Temporary Graduate visa's age limit for the exceptions as under 50", () => {
    const post = fs.readFileSync(path.join(root, "content/posts/post-study-work-australia-canada-ireland.md"), "utf8");
    expect(post).not.toMatch(/up to 50/);
    expect(post).toContain("for Hong Kong and British National (Overseas) passport holders, who must be under 50");
  });
});

describe("checkLink", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/page") res.writeHead(200).end("ok");
      else if (req.url === "/moved") res.writeHead(301, { Location: "/page" }).end();
      else if (req.url === "/no-head") res.writeHead(req.method === "HEAD" ? 405 : 200).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("passes a page that answers 200, after redirects, or to GET when HEAD is refused", async () => {
    expect(await checkLink(`${base}/page`)).toMatchObject({ ok: true, status: 200 });
    expect(await checkLink(`${base}/moved`)).toMatchObject({ ok: true, status: 200, finalUrl: `${base}/page` });
    expect(await checkLink(`${base}/no-head`)).toMatchObject({ ok: true, status: 200 });
  });

  it("fails a page that is not found, and one that does not answer", async () => {
    expect(await checkLink(`${base}/gone`)).toMatchObject({ ok: false, status: 404 });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await checkLink(`http://127.0.0.1:${port}/`)).toMatchObject({
      ok: false,
      status: null,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});
