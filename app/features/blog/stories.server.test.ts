import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { successStories } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { listApprovedStories } from "./queries.server";
import { moderateStory, pendingStories, submitStory } from "./stories.server";
import { plainTextToHtml, validateStory } from "./story-schema";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const FORM = {
  name: "Lina M.",
  email: "lina@example.com",
  phone_text: "",
  phone_country: "GB",
  university: "University of Leeds",
  course: "MSc Finance",
  homeCountry: "Jordan",
  role: "Graduate Analyst",
  employer: "A Leeds bank",
  story: "x".repeat(100),
  consent: "yes",
};

describe("validateStory", () => {
  it("accepts a complete story, with no phone", () => {
    const r = validateStory(FORM);
    expect(r.success && r.data.phone).toBeNull();
  });

  it("names every missing field, a short story, a bad phone and missing consent", () => {
    const r = validateStory({
      ...FORM,
      name: " ",
      employer: "",
      story: "x".repeat(99),
      phone_text: "12",
      consent: undefined,
    });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.fieldErrors).toEqual({
      name: "Enter your name",
      employer: "Enter the employer",
      story: "Tell us your story in at least 100 characters",
      phone: expect.any(String),
      consent: "Tick the box to let us publish your story, or we cannot use it",
    });
  });
});

describe("plainTextToHtml", () => {
  it("escapes HTML and makes paragraphs of blank-line separated text", () => {
    expect(plainTextToHtml('Hi <script>alert("x")</script>\nline two\n\n  Next & last  ')).toBe(
      "<p>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br />line two</p>\n<p>Next &amp; last</p>",
    );
  });
});

describe("moderation", () => {
  it("keeps a submission hidden until it is approved, then publishes it dated that day", async () => {
    const parsed = validateStory(FORM);
    if (!parsed.success) throw new Error("fixture invalid");
    const id = await submitStory(database.db, parsed.data, { universityId: null, userId: null });
    const rejectedId = await submitStory(database.db, parsed.data, { universityId: null, userId: null });
    expect((await pendingStories(database.db)).map((s) => s.id)).toEqual([id, rejectedId]);
    expect(await listApprovedStories(database.db)).toEqual([]);

    expect(await moderateStory(database.db, rejectedId, "rejected")).toBe(true);
    expect(await moderateStory(database.db, id, "approved", "2026-11-22")).toBe(true);
    expect(await listApprovedStories(database.db)).toEqual([
      expect.objectContaining({ id, name: "Lina M.", publishedOn: "2026-11-22" }),
    ]);
    expect(await pendingStories(database.db)).toEqual([]);
    // A decision is final, and unknown ids are refused.
    expect(await moderateStory(database.db, rejectedId, "approved")).toBe(false);
    expect(await moderateStory(database.db, 999_999, "approved")).toBe(false);
  });

  it("never moderates stories that come from content files", async () => {
    const [row] = await database.db
      .insert(successStories)
      .values({
        source: "content",
        slug: "from-a-file",
        status: "pending",
        name: "A",
        university: "U",
        course: "C",
        homeCountry: "H",
        role: "R",
        employer: "E",
        storyHtml: "<p>s</p>",
      })
      .returning({ id: successStories.id });
    expect(await moderateStory(database.db, row!.id, "approved")).toBe(false);
  });
});
