import { sql } from "drizzle-orm";
import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { successStories } from "~/db/schema";
import { type StoryDecision, moderateStory, pendingStory, storyIsWaiting } from "~/features/blog/index.server";
import type { Outbox } from "~/features/email/index.server";
import {
  decideEmployer,
  decideEmployerJob,
  employerJobsWaiting,
  employersWaiting,
  pendingEmployer,
  pendingEmployerJob,
  registerEntry,
} from "~/features/employers/index.server";
import { decideJobReports, jobReportsWaiting, reportedJob } from "~/features/jobs/index.server";
import { SPONSORSHIP_LABELS, salaryLabel } from "~/features/jobs";
import { formatUkDay } from "~/lib/dates";

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

/** How a kind's two decisions read: the buttons, the words of the confirmation, and the reason's rule. */
export type DecisionWords = {
  approve: string;
  reject: string;
  approved: string;
  rejected: string;
  /** The message when neither button was sent. */
  choose: string;
  /** A reason is needed to reject, or for either decision. */
  reasonFor: "reject" | "both";
  reasonHint: string;
};

const STORY_WORDS: DecisionWords = {
  approve: "Approve",
  reject: "Reject",
  approved: "approved",
  rejected: "rejected",
  choose: "Choose to approve or reject it",
  reasonFor: "reject",
  reasonHint: "Needed to reject; optional to approve. It is emailed to the submitter and kept in the audit log.",
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
  words: DecisionWords;
  waiting(db: Db): WaitingList;
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
      // Plain numbers, not their tables' columns, so that every kind's list has the same type.
      id: sql<number>`${successStories.id}`.mapWith(Number).as("id"),
      title: sql<string>`${successStories.role} || ' at ' || ${successStories.employer}`.as("title"),
      submitter: sql<string>`${successStories.name}`.as("submitter"),
      submitterEmail: sql<string | null>`${successStories.email}`.as("submitter_email"),
      submittedAt: sql<Date>`${successStories.createdAt}`.mapWith(successStories.createdAt).as("submitted_at"),
    })
    .from(successStories)
    .where(storyIsWaiting);

type WaitingList = ReturnType<typeof storiesWaiting>;

export const MODERATION_KINDS: readonly ModerationKind[] = [
  {
    slug: "success-story",
    label: "Success story",
    words: STORY_WORDS,
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
    // One item per reported job (its id), with every report not yet decided.
    slug: "job-report",
    label: "Job report",
    words: {
      approve: "Keep the job",
      reject: "Remove the job",
      approved: "kept: its reports are dismissed and the job shown again",
      rejected: "removed: the job is closed and hidden for good",
      choose: "Choose to keep or remove the job",
      reasonFor: "both",
      reasonHint: "Needed for either decision. It is kept in the audit log (reporters are not told).",
    },
    // The same columns as every kind's: Drizzle's type names the tables a list reads, which differ.
    waiting: (db) => jobReportsWaiting(db) as unknown as WaitingList,
    async item(db, id) {
      const job = await reportedJob(db, id);
      if (!job) return null;
      return {
        title: `${job.title} at ${job.employerName}`,
        submitter: `${job.reports.length} report${job.reports.length === 1 ? "" : "s"}`,
        submitterEmail: null,
        submittedAt: job.firstReport,
        facts: [
          { label: "Job", value: `/jobs/${job.slug}` },
          {
            label: "Shown",
            value: job.hiddenAt ? `No: hidden since ${formatUkDay(job.hiddenAt.toISOString())}` : "Yes",
          },
          ...job.reports.map((r, i) => ({
            label: `Report ${i + 1}, ${formatUkDay(r.createdAt.toISOString())}`,
            value: r.details ? `${r.reason}: ${r.details}` : r.reason,
          })),
        ],
        bodyHtml: null,
      };
    },
    decide: ({ db, now }, actor, id, decision, reason) =>
      decideJobReports({ db, now }, actor, id, decision === "approved", reason),
  },
  {
    slug: "employer",
    label: "Employer",
    // Approving verifies the employer (when its email's domain is its website's).
    words: {
      ...STORY_WORDS,
      reasonHint: "Needed to reject; optional to approve. It is emailed to the employer and kept in the audit log.",
    },
    waiting: (db) => employersWaiting(db) as unknown as WaitingList,
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
  {
    // An unverified employer's job (issue 31): approving opens it; rejecting sends it back to them as a draft.
    slug: "employer-job",
    label: "Employer's job",
    words: {
      ...STORY_WORDS,
      approved: "approved: the job is open to students",
      rejected: "rejected: the job is back among the employer's drafts",
      reasonHint: "Needed to reject; optional to approve. It is emailed to the employer and kept in the audit log.",
    },
    waiting: (db) => employerJobsWaiting(db) as unknown as WaitingList,
    async item(db, id) {
      const pending = await pendingEmployerJob(db, id);
      if (!pending) return null;
      const { job } = pending;
      const figures = {
        min: job.salaryMin,
        max: job.salaryMax,
        currency: job.salaryCurrency,
        period: job.salaryPeriod,
      };
      const salary = [salaryLabel(figures, job.salaryCompetitive), job.salaryText].filter(Boolean).join("; ");
      return {
        title: `${job.title} at ${job.employerName}`,
        submitter: pending.posterName ?? job.employerName,
        submitterEmail: pending.posterEmail,
        submittedAt: job.updatedAt,
        facts: [
          { label: "Employer", value: job.employerName },
          { label: "Location", value: [job.town, job.region, job.country].filter(Boolean).join(", ") },
          { label: "Salary", value: salary },
          { label: "Occupation", value: job.socCode ?? "Not given" },
          { label: "Sponsorship verdict", value: SPONSORSHIP_LABELS[job.sponsorshipStatus] },
          { label: "Apply link", value: job.applyUrl ?? "None" },
        ],
        // Sanitised when it was saved (renderMarkdown, the blog's allow-list).
        bodyHtml: job.descriptionHtml,
      };
    },
    decide: decideEmployerJob,
  },
];

export const moderationKind = (slug: string) => MODERATION_KINDS.find((k) => k.slug === slug);
