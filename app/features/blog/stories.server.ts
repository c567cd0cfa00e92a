import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { successStories } from "~/db/schema";
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

export async function pendingStories(db: Db): Promise<PendingStory[]> {
  return db
    .select({
      id: successStories.id,
      name: successStories.name,
      email: successStories.email,
      university: successStories.university,
      role: successStories.role,
      employer: successStories.employer,
      createdAt: successStories.createdAt,
      storyHtml: successStories.storyHtml,
    })
    .from(successStories)
    .where(and(eq(successStories.source, "submission"), eq(successStories.status, "pending")))
    .orderBy(successStories.id);
}

/** Approving publishes a pending submission dated today; rejecting keeps it hidden. False when no pending submission has the id. */
export async function moderateStory(
  db: Db,
  id: number,
  decision: "approved" | "rejected",
  today = new Date().toISOString().slice(0, 10),
): Promise<boolean> {
  const rows = await db
    .update(successStories)
    .set({ status: decision, publishedOn: decision === "approved" ? today : null, updatedAt: new Date() })
    .where(
      and(eq(successStories.id, id), eq(successStories.source, "submission"), eq(successStories.status, "pending")),
    )
    .returning({ id: successStories.id });
  return rows.length === 1;
}
