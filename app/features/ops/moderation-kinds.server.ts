import { sql } from "drizzle-orm";
import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { successStories } from "~/db/schema";
import { type StoryDecision, moderateStory, pendingStory, storyIsWaiting } from "~/features/blog/index.server";
import type { Outbox } from "~/features/email/index.server";
import { decideEmployer, employersWaiting, pendingEmployer, registerEntry } from "~/features/employers/index.server";

/** What an item of the queue shows in its detail page. */
export type ModerationItem = {
  title: string;
  submitter: string;
  submitterEmail: string | null;
  submittedAt: Date;
  /** The item's facts, as "label: value" lines. */
  facts: { label: string; value: string }[];
  /** What was sent, as safe HTML (a story's text is escaped when it is stored). */
  bodyHtml: string | null;
};

export type ModerationDeps = { db: Db; outbox: Outbox; now: Date; origin: string };

/**
 * A kind of thing waiting for a person. Each kind lists its waiting items in the queue's columns, so
 * one query pages, sorts and searches them all, and decides an item through its own feature's function
 * (which audits the decision and tells the submitter). Employers, jobs and job reports join here.
 */
export type ModerationKind = {
  /** In the item's address: /ops/moderation/{slug}/{id}. */
  slug: string;
  label: string;
  waiting(db: Db): ReturnType<typeof storiesWaiting>;
  item(db: Db, id: number): Promise<ModerationItem | null>;
  /** False when no item of this kind waits with the id; `refused` when it may not be decided so (nothing changed). */
  decide(
    deps: ModerationDeps,
    actor: AuditActor,
    id: number,
    decision: StoryDecision,
    reason: string | null,
  ): Promise<boolean | { refused: string }>;
};

const storiesWaiting = (db: Db) =>
  db
    .select({
      kind: sql<string>`'success-story'`.as("kind"),
      id: successStories.id,
      title: sql<string>`${successStories.role} || ' at ' || ${successStories.employer}`.as("title"),
      submitter: sql<string>`${successStories.name}`.as("submitter"),
      submitterEmail: sql<string | null>`${successStories.email}`.as("submitter_email"),
      submittedAt: sql<Date>`${successStories.createdAt}`.mapWith(successStories.createdAt).as("submitted_at"),
    })
    .from(successStories)
    .where(storyIsWaiting);

export const MODERATION_KINDS: readonly ModerationKind[] = [
  {
    slug: "success-story",
    label: "Success story",
    waiting: storiesWaiting,
    async item(db, id) {
      const story = await pendingStory(db, id);
      if (!story) return null;
      return {
        title: `${story.role} at ${story.employer}`,
        submitter: story.name,
        submitterEmail: story.email,
        submittedAt: story.createdAt,
        facts: [
          { label: "University", value: story.university },
          { label: "Course", value: story.course },
          { label: "Home country", value: story.homeCountry },
        ],
        bodyHtml: story.storyHtml,
      };
    },
    decide: moderateStory,
  },
  {
    slug: "employer",
    label: "Employer",
    waiting: employersWaiting as unknown as ModerationKind["waiting"],
    async item(db, id) {
      const pending = await pendingEmployer(db, id);
      if (!pending) return null;
      const { organisation } = pending;
      const entry = organisation.registerOrgKey
        ? await registerEntry(db, { orgKey: organisation.registerOrgKey })
        : null;
      const licences = entry?.licences.map((l) => `${l.route} (${l.rating})`).join(", ");
      return {
        title: organisation.name,
        submitter: pending.name,
        submitterEmail: pending.email,
        submittedAt: organisation.createdAt,
        facts: [
          { label: "Website", value: organisation.website },
          { label: "Website domain", value: organisation.websiteDomain },
          {
            label: "Sponsor register",
            value: organisation.holdsNoLicence
              ? "Says it holds no licence"
              : entry
                ? `${entry.name}, ${entry.town}: ${licences}`
                : "Its entry has left the register",
          },
        ],
        bodyHtml: null,
      };
    },
    decide: decideEmployer,
  },
];

export const moderationKind = (slug: string) => MODERATION_KINDS.find((k) => k.slug === slug);
