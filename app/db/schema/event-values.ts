// What the events table records, in a module without Drizzle so that any layer can name them.

/**
 * Things people do that the universities' analytics count. A feature adds its kinds here; the
 * column is text, so a new kind needs no migration.
 */
export const EVENT_KINDS = [
  "job.viewed",
  "job.saved",
  "job.applied",
  "job_alert.sent",
  "cv.created",
  "cv.exported",
  "cv.ats_checked",
  "video.started",
  "video.completed",
  "video.saved",
  "course.completed",
  "premium_hub.requested",
  "profile.completed",
  "referral.credited",
  /** A student opened the Australian points calculator (once a day at most). */
  "points.calculated",
  /** A student opened the sponsorship licence checker (once a day at most). */
  "sponsor.checked",
  /** A university's student records sync made, changed or marked as left one student's record (data: student_id, source, what changed). */
  "roster.created",
  "roster.updated",
  "roster.left",
  /** A university admin changed its single sign-on (data: what changed, never a secret). */
  "sso.configured",
  /** Someone logged in through their university's single sign-on (data: protocol, whether the account was made or linked). */
  "sso.login",
  /** The daily reading of a SAML IdP's metadata URL changed the metadata or failed (data: url, changed, problem). */
  "sso.metadata_refreshed",
  /** A student registered for a career fair, gave up their place, or was checked in at its door (data: fair). */
  "career_fair.registered",
  "career_fair.cancelled",
  "career_fair.attended",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
