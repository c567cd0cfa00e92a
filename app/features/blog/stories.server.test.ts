import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { SYSTEM_ACTOR } from "~/db/audit.server";
import { auditLog, emailOutbox, successStories } from "~/db/schema";
import { Outbox } from "~/features/email/index.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { listApprovedStories } from "./queries.server";
import { moderateStory, pendingStories, pendingStory, submitStory } from "./stories.server";
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
  const now = new Date("2026-07-22T23:30:00Z");
  const deps = () => ({
    db: database.db,
    outbox: new Outbox(() => now, "test.local"),
    now,
    origin: "https://careers.example",
  });
  const staff = { id: null, role: "platform_staff", ip: "192.0.2.7" };

  it("keeps a submission hidden until it is approved, then publishes it dated that day in London", async () => {
    const parsed = validateStory(FORM);
    if (!parsed.success) throw new Error("fixture invalid");
    const id = await submitStory(database.db, parsed.data, { universityId: null, userId: null });
    const rejectedId = await submitStory(database.db, parsed.data, { universityId: null, userId: null });
    expect((await pendingStories(database.db)).map((s) => s.id)).toEqual([id, rejectedId]);
    expect(await pendingStory(database.db, id)).toMatchObject({ id, course: "MSc Finance", homeCountry: "Jordan" });
    expect(await listApprovedStories(database.db)).toEqual([]);

    expect(
      await moderateStory(deps(), staff, rejectedId, "rejected", "It names a colleague without their consent."),
    ).toBe(true);
    expect(await moderateStory(deps(), SYSTEM_ACTOR, id, "approved")).toBe(true);
    // 23:30 UTC on 22 July is already the 23rd in London (BST).
    expect(await listApprovedStories(database.db)).toEqual([
      expect.objectContaining({ id, name: "Lina M.", publishedOn: "2026-07-23" }),
    ]);
    expect(await pendingStories(database.db)).toEqual([]);
    expect(await pendingStory(database.db, id)).toBeNull();
    // A decision is final, and unknown ids are refused.
    expect(await moderateStory(deps(), SYSTEM_ACTOR, rejectedId, "approved")).toBe(false);
    expect(await moderateStory(deps(), SYSTEM_ACTOR, 999_999, "approved")).toBe(false);

    // Each decision is audited with its reason, and the sender told by email.
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, "success_story"))
      .orderBy(auditLog.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: "story.rejected",
        actorRole: "platform_staff",
        ip: "192.0.2.7",
        targetId: String(rejectedId),
        at: now,
        changes: {
          status: { before: "pending", after: "rejected" },
          reason: { before: null, after: "It names a colleague without their consent." },
        },
      }),
      expect.objectContaining({
        action: "story.approved",
        actorId: null,
        actorRole: "system",
        targetId: String(id),
        changes: {
          status: { before: "pending", after: "approved" },
          publishedOn: { before: null, after: "2026-07-23" },
        },
      }),
    ]);
    const emails = await database.db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(emails.map((e) => [e.kind, e.toAddress, e.subject])).toEqual([
      ["story-rejected", "lina@example.com", "About the success story you sent us"],
      ["story-approved", "lina@example.com", "Your success story is published"],
    ]);
    expect(emails[0]!.textBody).toContain("A note from our team: It names a colleague without their consent.");
    expect(emails[1]!.textBody).toContain("https://careers.example/success-stories");
    expect(emails[1]!.textBody).not.toContain("A note from our team");
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
    expect(await moderateStory(deps(), SYSTEM_ACTOR, row!.id, "approved")).toBe(false);
    expect(await pendingStory(database.db, row!.id)).toBeNull();
  });
});
