import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, loginAs, request, startServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const json = { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" };

describe("the student dashboard", () => {
  it("gives a new student each panel's next step, then shows what they have done", async () => {
    const cookie = await loginAs(server, "basic.student@demo.test");
    const empty = (await request(server, { path: "/student-dashboard", cookie })).body;
    for (const heading of [
      "Jobs for you",
      "Your visa clock",
      "Your profile",
      "Saved jobs closing soon",
      "Your CV",
      "Career videos",
      "Achievements",
      "Workshops and webinars",
      "Careers adviser",
    ]) {
      expect(empty, heading).toContain(`>${heading}</h2>`);
    }
    expect(empty).toContain("You have no CV yet.");
    expect(empty).toContain('href="/choose-template"');
    expect(empty).toContain("You have not saved any jobs yet");
    expect(empty).toContain("No badges yet");
    expect(empty).toContain("Add your visa and its end date to your profile");
    expect(empty).not.toContain("being built");

    expect(
      (
        await request(server, {
          path: "/api/cvs",
          method: "POST",
          cookie,
          body: JSON.stringify({ template: "uk", name: "Finance CV" }),
          headers: json,
        })
      ).status,
    ).toBe(201);
    const video = JSON.parse((await request(server, { path: "/api/cih/videos/uk-cv-in-two-pages" })).body).video;
    expect(
      (
        await request(server, {
          path: "/api/cih/progress/uk-cv-in-two-pages",
          method: "PUT",
          cookie,
          body: JSON.stringify({ position: 12, duration: video.duration }),
          headers: json,
        })
      ).status,
    ).toBe(200);

    const full = (await request(server, { path: "/student-dashboard", cookie })).body;
    expect(full).toMatch(/Finance CV, edited \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(full).toContain('href="/my-cvs"');
    expect(full).toContain("A UK CV in two pages</a> (12 seconds of 45 seconds watched)");
    expect(full).toMatch(/Latest: First CV, earned \d{1,2} [A-Z][a-z]+ \d{4}\. 1 in all\./);
  });
});
