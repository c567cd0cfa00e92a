import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dateInText, newestRegisterLink, registerLinks } from "./publication-page";

const PAGE_URL = "https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers";
const PAGE = fs.readFileSync(path.join(import.meta.dirname, "test-fixtures/register-publication-page.html"), "utf8");
const ASSETS = "https://assets.publishing.service.gov.uk/media";

describe("the register's publication page", () => {
  it("links each register CSV once, dated by its file name or else its title, and no preview or PDF", () => {
    expect(registerLinks(PAGE, PAGE_URL)).toEqual([
      {
        url: `${ASSETS}/685d3c1f4b9e2e5c7d8a0b11/2026-06-26_-_Worker_and_Temporary_Worker.csv`,
        title: "Worker and Temporary Worker: 26 June 2026",
        date: "2026-06-26",
      },
      {
        url: `${ASSETS}/6854a0e2d3b1c8f7a6e5d4c3/Worker_and_Temporary_Worker.csv?version=2&source=page`,
        title: "Worker and Temporary Worker: 19 June 2026",
        date: "2026-06-19",
      },
    ]);
  });

  it("chooses the newest by date, not by place on the page", () => {
    const older = { url: "https://x/a.csv", title: "", date: "2026-06-19" };
    const newer = { url: "https://x/b.csv", title: "", date: "2026-06-26" };
    expect(newestRegisterLink([older, newer])?.url).toBe("https://x/b.csv");
    expect(newestRegisterLink(registerLinks(PAGE, PAGE_URL))?.date).toBe("2026-06-26");
    expect(newestRegisterLink([{ url: "https://x/c.csv", title: "Register", date: null }])).toBeNull();
  });

  it("resolves a relative link against the page, and ignores links that are not http(s) CSV files", () => {
    const html = `<a href="/files/2026-07-03_register.csv.gz">Register</a> <a href="mailto:a@b.uk">a.csv</a> <a href="data.csv.zip">x</a> <a href='javascript:void(0)'>y.csv</a>`;
    expect(registerLinks(html, "http://127.0.0.1:8080/publication")).toEqual([
      { url: "http://127.0.0.1:8080/files/2026-07-03_register.csv.gz", title: "Register", date: "2026-07-03" },
    ]);
  });

  it("reads a date written out or as YYYY-MM-DD, and refuses a day that does not exist", () => {
    expect(dateInText("Worker and Temporary Worker: 3rd July 2026")).toBe("2026-07-03");
    expect(dateInText("Register, 2 November, 2021")).toBe("2021-11-02");
    expect(dateInText("2026-02-30_register.csv")).toBeNull();
    expect(dateInText("31 June 2026")).toBeNull();
    expect(dateInText("Worker and Temporary Worker")).toBeNull();
  });
});
