import { and, eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { successStories } from "~/db/schema";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import { todayInLondon } from "~/lib/dates";
import type { Limit } from "~/lib/rate-limit";
import { type StoryInput, plainTextToHtml } from "./story-schema";

/** Stories each client address may send in a window. */
export const STORY_LIMIT: Limit = { max: 3, windowSeconds: 60 * 60 };
export const storyRateKey = (ip: string) => `story:ip:${ip}`;

/** Stored for moderation: pending stories are never shown. */
export async function submitStory(
  db: Db,
  input: StoryInput,
  origin: { universityId: number | null; userId: number | null },
): Promise<number> {
  const [row] = await db
    .insert(successStories)
    .values({
      source: "submission",
      status: "pending",
      name: input.name,
      email: input.email,
      phone: input.phone,
      university: input.university,
      course: input.course,
      homeCountry: input.homeCountry,
      role: input.role,
      employer: input.employer,
      storyHtml: plainTextToHtml(input.story),
      consentToPublish: true,
      universityId: origin.universityId,
      userId: origin.userId,
    })
    .returning({ id: successStories.id });
  return row!.id;
}

export type PendingStory = {
  id: number;
  name: string;
  email: string | null;
  university: string;
  role: string;
  employer: string;
  createdAt: Date;
  storyHtml: string;
};

/** A story sent through the form that no one has decided on yet (stories of content files are never moderated). */
export const storyIsWaiting = and(eq(successStories.source, "submission"), eq(successStories.status, "pending"));

const pendingColumns = {
  id: successStories.id,
  name: successStories.name,
  email: successStories.email,
  university: successStories.university,
  role: successStories.role,
  employer: successStories.employer,
  createdAt: successStories.createdAt,
  storyHtml: successStories.storyHtml,
};

export async function pendingStories(db: Db): Promise<PendingStory[]> {
  return db.select(pendingColumns).from(successStories).where(storyIsWaiting).orderBy(successStories.id);
}

/** One story waiting for moderation, with what its reader needs to decide; null when none waits with the id. */
export async function pendingStory(db: Db, id: number) {
  const [row] = await db
    .select({ ...pendingColumns, course: successStories.course, homeCountry: successStories.homeCountry })
    .from(successStories)
    .where(and(eq(successStories.id, id), storyIsWaiting));
  return row ?? null;
}

export type StoryDecision = "approved" | "rejected";
export type StoryModerationDeps = { db: Db; outbox: Outbox; now: Date; origin: string };

/** The submitter's email about the decision, with the reason when one was given. */
function decisionEmail(
  story: { name: string; role: string; employer: string },
  decision: StoryDecision,
  reason: string | null,
  origin: string,
) {
  const what = `your story of becoming ${story.role} at ${story.employer}`;
  const why = reason ? [`A note from our team: ${reason}`] : [];
  return decision === "approved"
    ? composeEmail({
        subject: "Your success story is published",
        greeting: greetingFor(story.name),
        paragraphs: [`Thank you for sending us ${what}. It is now published among our success stories.`, ...why],
        action: { label: "Read the success stories", url: `${origin}/success-stories` },
      })
    : composeEmail({
        subject: "About the success story you sent us",
        greeting: greetingFor(story.name),
        paragraphs: [`Thank you for sending us ${what}. We are not able to publish it.`, ...why],
        after: ["You are welcome to send us another story at any time."],
      });
}

/**
 * The one way a story sent through the form is decided, by the console and `npm run stories` alike:
 * approving publishes it dated that day (in London), rejecting keeps it hidden for good. The decision,
 * its audit entry and the email telling the submitter (with the reason, where there is an address)
 * are kept together. False when no story waiting for moderation has the id.
 */
export async function moderateStory(
  { db, outbox, now, origin }: StoryModerationDeps,
  actor: AuditActor,
  id: number,
  decision: StoryDecision,
  reason: string | null = null,
): Promise<boolean> {
  const decided = await db.transaction(async (tx) => {
    const [story] = await tx
      .select({
        name: successStories.name,
        email: successStories.email,
        role: successStories.role,
        employer: successStories.employer,
        universityId: successStories.universityId,
      })
      .from(successStories)
      .where(and(eq(successStories.id, id), storyIsWaiting))
      .for("update");
    if (!story) return false;
    const publishedOn = decision === "approved" ? todayInLondon(now) : null;
    await tx
      .update(successStories)
      .set({ status: decision, publishedOn, updatedAt: now })
      .where(eq(successStories.id, id));
    await recordAudit(tx, {
      actor,
      action: `story.${decision}`,
      universityId: story.universityId,
      target: { type: "success_story", id },
      before: { status: "pending" },
      after: { status: decision, publishedOn, reason },
      at: now,
    });
    if (story.email)
      await outbox.queue(tx, {
        kind: `story-${decision}`,
        to: story.email,
        universityId: story.universityId,
        email: decisionEmail(story, decision, reason, origin),
      });
    return true;
  });
  if (decided) outbox.flush();
  return decided;
}
