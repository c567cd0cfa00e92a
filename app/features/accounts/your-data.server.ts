import { TransactionRollbackError, aliasedTable, and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { AccountDeletionHook } from "./deletion";
import {
  accessRequests,
  achievements,
  accountDeletions,
  appointmentTypes,
  appointments,
  auPointsResults,
  careerFairRegistrations,
  careerFairWaitingList,
  careerFairs,
  countries,
  cvs,
  emailOutbox,
  enquiries,
  graduateSurveys,
  invitations,
  jobAlerts,
  jobPostings,
  premiumHubRequests,
  savedJobs,
  savedVideos,
  sessions,
  sponsorShortlist,
  studentProfiles,
  successStories,
  universities,
  userCampuses,
  users,
  videoCourseCompletions,
  videoCourses,
  videoProgress,
  videos,
} from "~/db/schema";
import type { SessionStore } from "~/features/auth/index.server";
import type { Limit, Limiter } from "~/lib/rate-limit";
import { checkOwnPassword } from "./passwords.server";

/** Tries of the password when deleting an account, per account. */
export const DELETE_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };

const byAddress = (
  column: typeof emailOutbox.toAddress | typeof accessRequests.email | typeof invitations.email,
  email: string,
) => sql`lower(${column}) = ${email.toLowerCase()}`;

const adviser = aliasedTable(users, "adviser");

/**
 * Everything held about a person, as one JSON document they can download: their account, profile,
 * saved results and lists, what they sent us, and the emails we sent them. No secret (password
 * hash, token) is included.
 */
export async function exportYourData(db: Db, userId: number, now: Date) {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      accessStatus: users.accessStatus,
      accessDecidedAt: users.accessDecidedAt,
      accessExpiresAt: users.accessExpiresAt,
      jobTitle: users.jobTitle,
      university: universities.name,
      emailVerifiedAt: users.emailVerifiedAt,
      videoCaptionsOn: users.videoCaptions,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .leftJoin(universities, eq(universities.id, users.universityId))
    .where(eq(users.id, userId));
  const email = account!.email;
  const [profile] = await db.select().from(studentProfiles).where(eq(studentProfiles.userId, userId));
  return {
    exportedAt: now.toISOString(),
    account: account!,
    profile: profile ? Object.fromEntries(Object.entries(profile).filter(([key]) => key !== "userId")) : null,
    campuses: (
      await db
        .select({ name: universities.name })
        .from(userCampuses)
        .innerJoin(universities, eq(universities.id, userCampuses.universityId))
        .where(eq(userCampuses.userId, userId))
        .orderBy(universities.name)
    ).map((c) => c.name),
    sessions: await db
      .select({ startedAt: sessions.createdAt, expiresAt: sessions.expiresAt, endedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    australianPointsResults: await db
      .select({
        answers: auPointsResults.answers,
        total: auPointsResults.total,
        ruleVersion: auPointsResults.ruleVersion,
        savedAt: auPointsResults.createdAt,
      })
      .from(auPointsResults)
      .where(eq(auPointsResults.userId, userId)),
    cvs: await db
      .select({
        name: cvs.name,
        template: cvs.template,
        isDefault: cvs.isDefault,
        document: cvs.document,
        createdAt: cvs.createdAt,
        updatedAt: cvs.updatedAt,
      })
      .from(cvs)
      .where(and(eq(cvs.userId, userId), isNull(cvs.deletedAt)))
      .orderBy(desc(cvs.updatedAt)),
    savedJobs: await db
      .select({
        title: jobPostings.title,
        employer: jobPostings.employerName,
        address: sql<string>`'/jobs/' || ${jobPostings.slug}`,
        savedAt: savedJobs.savedAt,
      })
      .from(savedJobs)
      .innerJoin(jobPostings, eq(jobPostings.id, savedJobs.jobPostingId))
      .where(eq(savedJobs.userId, userId)),
    jobAlerts: await db
      .select({
        search: jobAlerts.search,
        frequency: jobAlerts.frequency,
        createdAt: jobAlerts.createdAt,
        pausedAt: jobAlerts.pausedAt,
      })
      .from(jobAlerts)
      .where(eq(jobAlerts.userId, userId)),
    videoProgress: await db
      .select({
        video: videos.title,
        positionSeconds: videoProgress.positionSeconds,
        startedAt: videoProgress.startedAt,
        watchedAt: videoProgress.watchedAt,
      })
      .from(videoProgress)
      .innerJoin(videos, eq(videos.id, videoProgress.videoId))
      .where(eq(videoProgress.userId, userId)),
    savedVideos: await db
      .select({ video: videos.title, savedAt: savedVideos.savedAt })
      .from(savedVideos)
      .innerJoin(videos, eq(videos.id, savedVideos.videoId))
      .where(eq(savedVideos.userId, userId)),
    coursesCompleted: await db
      .select({ course: videoCourses.title, completedAt: videoCourseCompletions.completedAt })
      .from(videoCourseCompletions)
      .innerJoin(videoCourses, eq(videoCourses.id, videoCourseCompletions.courseId))
      .where(eq(videoCourseCompletions.userId, userId)),
    achievements: await db
      .select({ badge: achievements.badge, earnedAt: achievements.earnedAt })
      .from(achievements)
      .where(eq(achievements.userId, userId)),
    premiumCoursesRequestedAt:
      (
        await db
          .select({ at: premiumHubRequests.requestedAt })
          .from(premiumHubRequests)
          .where(eq(premiumHubRequests.userId, userId))
      )[0]?.at ?? null,
    sponsorShortlist: await db
      .select({ name: sponsorShortlist.name, addedAt: sponsorShortlist.addedAt })
      .from(sponsorShortlist)
      .where(eq(sponsorShortlist.userId, userId)),
    // Every appointment with an adviser, moved and cancelled ones too, as the student booked it. The
    // adviser's notes and no-show marks are not theirs to download: they are the careers service's own
    // records, which the university keeps (and answers a request for) as their controller.
    appointments: await db
      .select({
        kind: appointmentTypes.name,
        adviser: adviser.name,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        timeZone: appointments.timeZone,
        mode: appointments.mode,
        where: appointments.location,
        status: appointments.status,
        yourNote: appointments.note,
        bookedAt: appointments.createdAt,
      })
      .from(appointments)
      .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
      .innerJoin(adviser, eq(adviser.id, appointments.adviserUserId))
      .where(eq(appointments.studentUserId, userId))
      .orderBy(appointments.startsAt, appointments.id),
    // Their tickets for career fairs: the fair, the ticket's code, and when the door checked them in.
    careerFairTickets: await db
      .select({
        fair: careerFairs.title,
        startsAt: careerFairs.startsAt,
        code: careerFairRegistrations.code,
        registeredAt: careerFairRegistrations.createdAt,
        checkedInAt: careerFairRegistrations.checkedInAt,
      })
      .from(careerFairRegistrations)
      .innerJoin(careerFairs, eq(careerFairs.id, careerFairRegistrations.fairId))
      .where(eq(careerFairRegistrations.userId, userId))
      .orderBy(careerFairs.startsAt, careerFairRegistrations.id),
    // The full fairs whose waiting lists they are on, and since when.
    careerFairWaitingLists: await db
      .select({ fair: careerFairs.title, startsAt: careerFairs.startsAt, joinedAt: careerFairWaitingList.createdAt })
      .from(careerFairWaitingList)
      .innerJoin(careerFairs, eq(careerFairs.id, careerFairWaitingList.fairId))
      .where(eq(careerFairWaitingList.userId, userId))
      .orderBy(careerFairs.startsAt, careerFairWaitingList.id),
    // The graduate outcomes surveys sent to them and their answers, kept by the university that sent
    // each (the same in its analytics, in totals of 5 or more). The link's secret is not included.
    graduateOutcomes: await db
      .select({
        university: universities.name,
        monthsAfterGraduating: graduateSurveys.wave,
        graduationMonth: graduateSurveys.graduationMonth,
        course: graduateSurveys.course,
        studyLevel: graduateSurveys.studyLevel,
        visaOnProfile: graduateSurveys.visaType,
        sentAt: graduateSurveys.sentAt,
        openUntil: graduateSurveys.closesAt,
        answeredAt: graduateSurveys.answeredAt,
        changedAt: graduateSurveys.changedAt,
        mainActivity: graduateSurveys.activity,
        countryOfWork: countries.name,
        employer: graduateSurveys.employer,
        jobTitle: graduateSurveys.jobTitle,
        salary: graduateSurveys.salaryBand,
        jobNeededVisaSponsor: graduateSurveys.sponsored,
        visaWorkedOn: graduateSurveys.workRoute,
        foundJobThrough: graduateSurveys.foundThrough,
      })
      .from(graduateSurveys)
      .innerJoin(universities, eq(universities.id, graduateSurveys.universityId))
      .leftJoin(countries, eq(countries.id, graduateSurveys.workCountryId))
      .where(eq(graduateSurveys.userId, userId))
      .orderBy(graduateSurveys.sentAt, graduateSurveys.id),
    messagesSent: await db
      .select({
        form: enquiries.kind,
        subject: enquiries.subject,
        message: enquiries.message,
        details: enquiries.details,
        sentAt: enquiries.createdAt,
      })
      .from(enquiries)
      .where(eq(enquiries.userId, userId)),
    successStories: await db
      .select({
        employer: successStories.employer,
        role: successStories.role,
        status: successStories.status,
        sentAt: successStories.createdAt,
      })
      .from(successStories)
      .where(eq(successStories.userId, userId)),
    accessRequests: await db
      .select({
        studentNumber: accessRequests.studentNumber,
        course: accessRequests.course,
        status: accessRequests.status,
        askedAt: accessRequests.createdAt,
      })
      .from(accessRequests)
      .where(byAddress(accessRequests.email, email)),
    emailsWeSentYou: await db
      .select({
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        queuedAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(byAddress(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt)),
  };
}

export type DeleteOutcome = { ok: true } | { ok: false; message: string } | { ok: false; retryAfterSeconds: number };

/**
 * Deletes an account after checking its password: the account, its profile, sessions, links, saved
 * results and lists go (the database cascades from the account), and so do the requests,
 * invitations and emails held under its address; what it sent us stays without its name attached.
 * Only an anonymous line is kept for the university's counts. The `hooks` run first, in the same
 * transaction (the people who had appointments with it are told), before the account's row is locked.
 */
export async function deleteAccount(
  deps: { db: Db; sessions: SessionStore; limiter: Limiter; now: Date; hooks?: readonly AccountDeletionHook[] },
  userId: number,
  password: string,
): Promise<DeleteOutcome> {
  const check = await checkOwnPassword(deps.db, deps.limiter, userId, password, {
    key: `delete-account:user:${userId}`,
    limit: DELETE_LIMIT,
  });
  if (typeof check === "object") return { ok: false, ...check };
  if (check === "wrong") return { ok: false, message: "Your password is not right" };
  try {
    await deps.db.transaction(async (tx) => {
      const [found] = await tx.select().from(users).where(eq(users.id, userId));
      if (!found) return;
      // The hooks lock what they change (a fair's row) before the account's row is locked, as other
      // writers do (a fair's registration locks the fair, then its new ticket's foreign key the
      // account's row): in the other order the two wait for each other until PostgreSQL ends one.
      for (const hook of deps.hooks ?? []) await hook(tx, found, deps.now);
      const [account] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      // Another request with the right password deleted it meanwhile: undo what the hooks did.
      if (!account) return tx.rollback();
      await tx.insert(accountDeletions).values({
        universityId: account.universityId,
        role: account.role,
        accountCreatedAt: account.createdAt,
        deletedAt: deps.now,
      });
      await tx.delete(emailOutbox).where(byAddress(emailOutbox.toAddress, account.email));
      await tx.delete(accessRequests).where(byAddress(accessRequests.email, account.email));
      // An accepted invitation names the account by its id, whatever address it has now.
      await tx
        .delete(invitations)
        .where(or(byAddress(invitations.email, account.email), eq(invitations.userId, userId)));
      // What the person sent us (a message, a story) stays, without the name and address that were theirs.
      await tx
        .update(enquiries)
        .set({ name: "Deleted account", email: "", phone: null, details: null })
        .where(eq(enquiries.userId, userId));
      await tx.update(successStories).set({ email: null, phone: null }).where(eq(successStories.userId, userId));
      await tx.delete(users).where(eq(users.id, userId));
    });
  } catch (error) {
    // Gone by the time its row was locked: deleted, as asked.
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  deps.sessions.forgetUser(userId);
  return { ok: true };
}
