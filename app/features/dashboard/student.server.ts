import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { ownUniversity, requireStudent } from "~/features/access/index.server";
import { hiddenEmployersFor } from "~/features/university-employers/index.server";
import { adviserPanel } from "~/features/appointments/index.server";
import { profileCompleteness } from "~/features/accounts";
import { loadProfile } from "~/features/accounts/index.server";
import { achievementsOf } from "~/features/achievements/index.server";
import { unfinishedVideos } from "~/features/cih/index.server";
import { videoPaths } from "~/features/cih/index.server";
import { latestAtsCheck, listCvs } from "~/features/cv/index.server";
import { closedOn } from "~/features/jobs/index.server";
import { recommendedJobs } from "~/features/jobs/index.server";
import { savedJobsOf } from "~/features/jobs/index.server";
import { jobResult } from "~/features/jobs/index.server";
import { todayInLondon } from "~/lib/dates";
import { ruleSets } from "~/features/sponsorship";
import { clockOfProfile } from "~/features/visa-clock";
import { workshopLinksContext } from "~/features/workshops";
import { registerStudentForWorkshop } from "~/features/workshops/index.server";
import { registrationUrl, registrationsOf, upcomingWorkshops, whenLabel } from "~/features/workshops/index.server";
import { clockContext } from "~/lib/context";
import { dayLabel, zonedParts } from "~/lib/time-zones";

/** Saved jobs closing within this many days are "closing soon". */
const CLOSING_SOON_DAYS = 14;

/**
 * /student-dashboard: one panel a feature, each read through that feature's own queries, each with
 * what to do next when it has nothing yet.
 */
export async function loadStudentDashboard(context: Readonly<RouterContextProvider>) {
  const db = context.get(dbContext);
  const user = requireStudent(context);
  const now = context.get(clockContext)();
  const today = todayInLondon(now);
  const [{ profile }, [rules], saved, cvs, ats, unfinished, achievements, workshops, places, adviser, university] =
    await Promise.all([
      loadProfile(db, user.id),
      ruleSets(),
      savedJobsOf(db, user.id, today),
      listCvs(db, { id: user.id, universityId: user.universityId }),
      latestAtsCheck(db, user.id),
      unfinishedVideos(db, user.id),
      achievementsOf(db, user.id),
      upcomingWorkshops(db, user.universityId, now),
      registrationsOf(db, { userId: user.id, email: user.email }),
      adviserPanel(db, user, now),
      ownUniversity(context),
    ]);
  const hiddenEmployers = await hiddenEmployersFor(db, user, university);
  const needsSponsorship = profile?.visaType === "student" || profile?.visaType === "graduate";
  // Within a year of graduating, graduate schemes fit; further from it, internships and part-time work.
  const stage = profile?.graduationDate
    ? Date.parse(profile.graduationDate) - now.getTime() <= 365 * 86_400_000
      ? "graduating"
      : "studying"
    : null;
  const recommended = await recommendedJobs(
    db,
    {
      locations: profile?.locations ?? [],
      jobTypes: profile?.jobTypes ?? [],
      sectors: profile?.sectors ?? [],
      stage,
      needsSponsorship,
    },
    now,
    rules!.occupations,
    { hiddenEmployers },
  );
  // The panels show a job's title, link and (for recommendations) employer and sponsorship verdict:
  // the rest of a job's result (its sponsorship reasons, salary, place) would ride in the page unseen.
  const soon = saved
    .filter(({ job }) => closedOn(job, today) === null && job.closingDate !== null)
    .filter(({ job }) => Date.parse(job.closingDate!) - Date.parse(today) <= CLOSING_SOON_DAYS * 86_400_000)
    .slice(0, 3)
    .map(({ job }) => {
      const { slug, url, title } = jobResult(job, rules!.occupations);
      return { slug, url, title, closingDate: job.closingDate! };
    });
  // The courses are read only to link an unfinished video, which most views have none of.
  const pathOf = unfinished.length ? await videoPaths(db) : null;
  const main = cvs.find((cv) => cv.isDefault) ?? cvs[0] ?? null;
  const clock = clockOfProfile(profile, today);
  return {
    firstName: user.name.split(" ")[0] ?? user.name,
    manual: university ? `/career-manual/${university.slug}` : null,
    today,
    recommended: recommended.map(({ job, why }) => ({
      job: {
        slug: job.slug,
        url: job.url,
        title: job.title,
        employer: { name: job.employer.name },
        sponsorship: { status: job.sponsorship.status },
      },
      why,
    })),
    savedCount: saved.length,
    closingSoon: soon,
    cv: main ? { name: main.name, updatedAt: main.updatedAt.toISOString(), count: cvs.length } : null,
    ats: ats ? { score: ats.score, at: ats.at.toISOString() } : null,
    unfinished: unfinished.map((v) => ({
      title: v.title,
      url: pathOf!(v),
      position: v.positionSeconds,
      duration: v.durationSeconds,
    })),
    profile: profileCompleteness(profile),
    visa: {
      noVisa: profile?.visaType === "none_needed",
      daysLeft: clock.daysLeft,
      next: clock.milestones.find((m) => m.date >= today) ?? null,
      warnings: clock.warnings.length,
      missing: clock.missing.length > 0,
    },
    achievements: {
      latest: achievements.earned[0] ?? null,
      next: achievements.open[0] ?? null,
      earned: achievements.earned.length,
    },
    adviser: adviser && {
      next: adviser.next && {
        what: `${adviser.next.kind} with ${adviser.next.adviser}`,
        // In UK time: the dashboard does not know the zone the student booked in.
        when: `${dayLabel(adviser.next.startsAt, "Europe/London", true)}, ${zonedParts(adviser.next.startsAt, "Europe/London").time} UK time`,
      },
    },
    // The student's workshops: their university's and the platform's, soonest first (they register here: the workshops page is not theirs).
    workshops: workshops.slice(0, 5).map((w) => {
      const own = places.get(w.id);
      return {
        id: w.id,
        title: w.title,
        when: whenLabel(w, w.timeZone),
        where: w.format === "online" ? "Online" : w.venue!,
        full: w.registered >= w.capacity,
        mine: own
          ? {
              status: own.status,
              link: registrationUrl({ links: context.get(workshopLinksContext), origin: "" }, own.id),
            }
          : null,
      };
    }),
  };
}

export type StudentDashboardData = Awaited<ReturnType<typeof loadStudentDashboard>>;

/** Registering for a workshop from its panel: the student's own place, then its page. */
export async function studentDashboardAction(request: Request, context: Readonly<RouterContextProvider>) {
  const outcome = await registerStudentForWorkshop(request, context);
  if (!outcome) throw data(null, { status: 404 });
  if ("to" in outcome) return redirect(outcome.to, { status: 303 });
  return data(
    { refused: outcome.refused },
    { status: outcome.status, headers: outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : {} },
  );
}
