import type { EventKind } from "~/db/schema/event-values";

/**
 * The badges, as data: each is earned by the `count`-th event of a kind a person's actions recorded
 * (one that passes `accepts`, when it has one). A new badge is a new entry; awarding reads only this.
 * They live beside the events table because a badge is awarded where its event is written
 * (`recordEvent`, in that event's transaction); app/features/achievements shows them.
 */
export type Badge = {
  id: string;
  title: string;
  /** What earning it says about the person. */
  description: string;
  /** What to do to earn it, and where. */
  howTo: string;
  link: string;
  kind: EventKind;
  count: number;
  accepts?: (data: Record<string, unknown>) => boolean;
};

/** An ATS check of a CV scoring this or more counts as passed. */
export const ATS_PASS_SCORE = 80;

export const BADGES: readonly Badge[] = [
  {
    id: "profile-complete",
    title: "All about you",
    description: "You completed your profile.",
    howTo: "Fill in every part of your profile.",
    link: "/edit-profile",
    kind: "profile.completed",
    count: 1,
  },
  {
    id: "first-cv",
    title: "First CV",
    description: "You started your first CV.",
    howTo: "Create a CV in the CV builder.",
    link: "/choose-template",
    kind: "cv.created",
    count: 1,
  },
  {
    id: "cv-downloaded",
    title: "Ready to send",
    description: "You downloaded a CV to send to employers.",
    howTo: "Download one of your CVs as a PDF or Word file.",
    link: "/my-cvs",
    kind: "cv.exported",
    count: 1,
  },
  {
    id: "ats-passed",
    title: "Through the robots",
    description: `A CV of yours scored ${ATS_PASS_SCORE} or more in the applicant tracking check.`,
    howTo: `Check a CV against a job and reach a score of ${ATS_PASS_SCORE}.`,
    link: "/my-cvs",
    kind: "cv.ats_checked",
    count: 1,
    accepts: (data) => typeof data.score === "number" && data.score >= ATS_PASS_SCORE,
  },
  {
    id: "first-job-saved",
    title: "On the lookout",
    description: "You saved your first job.",
    howTo: "Save a job you would like to apply for.",
    link: "/jobs",
    kind: "job.saved",
    count: 1,
  },
  {
    id: "five-jobs-saved",
    title: "Shortlist of five",
    description: "You saved five jobs.",
    howTo: "Save five jobs you would like to apply for.",
    link: "/jobs",
    kind: "job.saved",
    count: 5,
  },
  {
    id: "first-application",
    title: "First application",
    description: "You applied for your first job.",
    howTo: "Apply for a job from its page.",
    link: "/jobs",
    kind: "job.applied",
    count: 1,
  },
  {
    id: "five-applications",
    title: "Five applications",
    description: "You applied for five jobs.",
    howTo: "Apply for five jobs from their pages.",
    link: "/jobs",
    kind: "job.applied",
    count: 5,
  },
  {
    id: "first-video",
    title: "First video",
    description: "You watched a career video to the end.",
    howTo: "Watch a video of the career ignition hub.",
    link: "/cih/standard",
    kind: "video.completed",
    count: 1,
  },
  {
    id: "referral-credited",
    title: "Bring a friend",
    description: "A friend you invited finished registering.",
    howTo: "Share your referral link (on your profile page) with a friend at your university.",
    link: "/edit-profile",
    kind: "referral.credited",
    count: 1,
  },
  {
    id: "course-completed",
    title: "Course complete",
    description: "You finished a premium career course.",
    howTo: "Watch every lesson of a premium course.",
    link: "/cih/premium",
    kind: "course.completed",
    count: 1,
  },
];

/** The kinds of event some badge counts. */
export const BADGE_KINDS: readonly EventKind[] = [...new Set(BADGES.map((b) => b.kind))];

export type RecordedEvent = {
  kind: string;
  occurredAt: Date;
  universityId: number | null;
  data: Record<string, unknown>;
};
export type Award = { badge: string; earnedAt: Date; universityId: number | null };

/**
 * The badges a person's events earn (events in the order they happened), each at the event that
 * completed it; and how far they are towards each of the others.
 */
export function awardsFrom(
  events: readonly RecordedEvent[],
  badges: readonly Badge[] = BADGES,
): { awards: Award[]; progress: Record<string, number> } {
  const awards: Award[] = [];
  const progress: Record<string, number> = {};
  for (const badge of badges) {
    const counted = events.filter((e) => e.kind === badge.kind && (!badge.accepts || badge.accepts(e.data)));
    progress[badge.id] = Math.min(counted.length, badge.count);
    const completing = counted[badge.count - 1];
    if (completing)
      awards.push({ badge: badge.id, earnedAt: completing.occurredAt, universityId: completing.universityId });
  }
  return { awards, progress };
}
