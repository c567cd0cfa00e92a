import type { Db } from "~/db/client.server";
import { successStories } from "~/db/schema";
import type { Limit } from "~/features/auth/rate-limit.server";
import { type StoryInput, plainTextToHtml } from "./story-schema";

/** Stories each client address may send in a window. */
export const STORY_LIMIT: Limit = { max: 3, windowSeconds: 60 * 60 };
export const storyRateKey = (ip: string) => `story:ip:${ip}`;

/** Stored for moderation: pending stories are never shown. */
export async function submitStory(db: Db, input: StoryInput, origin: { universityId: number | null; userId: number | null }): Promise<number> {
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
