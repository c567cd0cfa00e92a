import QRCode from "qrcode";
import { type RouterContextProvider, data, href, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Limit } from "~/db/rate-limiter.server";
import type { CareerFair, CareerFairRegistration } from "~/db/schema";
import { accessContext } from "~/features/access";
import { requireUser, siteOrigin } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import { badgedOrganisations } from "~/features/jobs/index.server";
import { hiddenEmployersFor } from "~/features/university-employers/index.server";
import { whenLabel } from "~/features/workshops/index.server";
import { todayInLondon } from "~/lib/dates";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf } from "~/lib/request-body.server";
import { shownCode } from "./code";
import {
  type HolderHook,
  JOBS_SHOWN,
  cancel,
  exhibitorsOf,
  fairBySlug,
  leaveWaitingList,
  openJobsOf,
  register,
  talksOf,
  ticketCount,
  ticketOf,
  upcomingFairs,
  waitingPlace,
} from "./queries.server";
import { type TicketNoticeKind, ticketNotice } from "./notices.server";
import { audienceOf, cancellable, placesLeft, registers, registrationOpen, sees } from "./rules";

type Context = Readonly<RouterContextProvider>;

/** Registrations and cancellations a student may make in an hour: more is not a person deciding. */
export const FAIR_CHANGES_LIMIT: Limit = { max: 20, windowSeconds: 60 * 60 };

/** The person asking (an active account: the guard is "logged in") and the fairs they may attend. */
function viewer(context: Context) {
  const user = requireUser(context);
  const { state } = context.get(accessContext);
  return {
    user,
    audience: audienceOf({ role: user.role, universityId: user.universityId, internalContent: state.internalContent }),
  };
}

const whereOf = (f: Pick<CareerFair, "format" | "venue">) => (f.format === "online" ? "Online" : (f.venue ?? ""));

/**
 * What a university's admin may do with a fair from its page: manage their university's own, and
 * open the door of those and of the platform's (for their own students).
 */
function staffLinks(
  user: { role: string; universityId: number | null },
  fair: Pick<CareerFair, "slug" | "universityId">,
) {
  if (user.role !== "university_admin" || user.universityId === null) return null;
  if (fair.universityId !== null && fair.universityId !== user.universityId) return null;
  return {
    manage: fair.universityId === null ? null : href("/university-dashboard/career-fairs/:slug", { slug: fair.slug }),
    door: href("/university-dashboard/career-fairs/:slug/check-in", { slug: fair.slug }),
  };
}

/** /career-fairs: the fairs the person may attend that have not ended, soonest first. */
export async function loadFairsPage(context: Context) {
  const { user, audience } = viewer(context);
  const fairs = await upcomingFairs(context.get(dbContext), audience, user.id, context.get(clockContext)());
  return {
    registers: registers(user.role),
    predeparture: audience.onlineOnly,
    fairs: fairs.map((f) => ({
      slug: f.slug,
      title: f.title,
      summary: f.summary,
      when: whenLabel(f, f.timeZone),
      where: whereOf(f),
      platformWide: f.universityId === null,
      exhibitors: f.exhibitors,
      registered: f.registered,
      waiting: f.waiting,
      full: f.full,
    })),
  };
}
export type FairsPageData = Awaited<ReturnType<typeof loadFairsPage>>;

/** The fair the person may attend by its slug; 404 for one they may not (another university's) or none. */
async function visibleFair(context: Context, slug: string) {
  const { user, audience } = viewer(context);
  const fair = await fairBySlug(context.get(dbContext), slug);
  if (!fair || !sees(audience, fair)) throw data(null, { status: 404 });
  return { user, fair };
}

/**
 * /career-fairs/{slug}: the fair, its exhibitors (a verified employer's open jobs with their
 * sponsorship verdicts and its badge; none of an employer the student's university keeps from its
 * students), its talks, and the student's ticket: a QR code drawn on the server and its code in text.
 */
export async function loadFairPage(slug: string, context: Context) {
  const { user, fair } = await visibleFair(context, slug);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const [exhibitors, talks, ticket, hidden, waiting, tickets] = await Promise.all([
    exhibitorsOf(db, fair.id),
    talksOf(db, fair.id),
    ticketOf(db, fair.id, user.id),
    hiddenEmployersFor(db, user),
    waitingPlace(db, fair.id, user.id),
    fair.capacity === null ? 0 : ticketCount(db, fair.id),
  ]);
  const organisations = exhibitors.flatMap((e) => (e.organisationId === null ? [] : [e.organisationId]));
  const [jobs, badged] = await Promise.all([
    openJobsOf(
      db,
      organisations.filter((id) => !hidden?.has(id)),
      todayInLondon(now),
    ),
    badgedOrganisations(db, organisations),
  ]);
  const jobsOf = Map.groupBy(jobs, (j) => j.organisationId);
  return {
    fair: {
      slug: fair.slug,
      title: fair.title,
      summary: fair.summary,
      when: whenLabel(fair, fair.timeZone),
      format: fair.format,
      where: whereOf(fair),
      platformWide: fair.universityId === null,
      ended: !registrationOpen(fair, now),
      // The joining link is for those registered.
      joinUrl: ticket ? fair.joinUrl : null,
      places: fair.capacity === null ? null : { capacity: fair.capacity, left: placesLeft(fair.capacity, tickets) },
    },
    // Their place on the waiting list (1: next to get a ticket), while the fair is full.
    waitingPlace: waiting,
    exhibitors: exhibitors.map((e) => {
      const open = e.organisationId === null ? [] : (jobsOf.get(e.organisationId) ?? []);
      return {
        id: e.id,
        name: e.name,
        verifiedEmployer: e.organisationId !== null,
        licensedSponsor: e.organisationId !== null && badged.has(e.organisationId),
        jobs: open
          .slice(0, JOBS_SHOWN)
          .map((j) => ({ slug: j.slug, title: j.title, town: j.town, sponsorship: j.sponsorship })),
        moreJobs: Math.max(0, open.length - JOBS_SHOWN),
      };
    }),
    talks: talks.map((t) => ({
      id: t.id,
      title: t.title,
      speaker: t.speaker,
      start: t.startTime,
      end: t.endTime,
      room: t.room,
    })),
    timeZone: fair.timeZone,
    registers: registers(user.role),
    staff: staffLinks(user, fair),
    ticket: ticket && {
      code: shownCode(ticket.code),
      // The QR code holds the code alone: the door reads it as if typed.
      qrSvg:
        fair.format === "in-person"
          ? await QRCode.toString(ticket.code, { type: "svg", errorCorrectionLevel: "M", margin: 2 })
          : null,
      checkedIn: ticket.checkedInAt !== null,
      cancellable: cancellable(fair, ticket, now),
    },
  };
}
export type FairPageData = Awaited<ReturnType<typeof loadFairPage>>;
export type FairAnswer = { error: string };

/**
 * The fair page's posts: "register" for a ticket (or a place on the waiting list of a full fair),
 * "cancel" it (before the fair starts, if not checked in), or "leave-waiting-list".
 */
export async function fairAction(request: Request, slug: string, context: Context) {
  const { user, fair } = await visibleFair(context, slug);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const refuse = (status: number, error: string, headers?: Record<string, string>) =>
    data<FairAnswer>({ error }, { status, headers });
  if (!registers(user.role)) return refuse(403, "Students register for career fairs; your account is not a student's.");
  const done = (message: string) =>
    redirect(href("/career-fairs/:slug", { slug: fair.slug }), {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
    });
  // Each new ticket, each place given up and each place given from the waiting list is emailed from
  // the transaction that makes the change.
  const outbox = context.get(outboxContext);
  const origin = siteOrigin(context);
  const email = (kind: TicketNoticeKind) => (tx: Parameters<typeof outbox.queue>[0], ticket: CareerFairRegistration) =>
    outbox.queue(tx, ticketNotice(kind, fair, { ...user, universityId: ticket.universityId }, ticket, { origin, now }));
  const promoted: HolderHook = (tx, holder, ticket, atFair) =>
    outbox.queue(tx, ticketNotice("place-came-up", atFair, holder, ticket, { origin, now }));
  const spend = async () => {
    const wait = await context.get(rateLimiterContext).spend(`career-fairs:user:${user.id}`, FAIR_CHANGES_LIMIT);
    return wait
      ? refuse(429, `Too many changes in an hour. Try again in ${Math.ceil(wait / 60)} minutes.`, {
          "Retry-After": String(wait),
        })
      : null;
  };
  return dispatchIntent(
    form,
    {
      register: async () => {
        if (!registrationOpen(fair, now)) return refuse(409, "This fair has ended: registration is closed.");
        const tooMany = await spend();
        if (tooMany) return tooMany;
        const outcome = await register(db, fair, user, now, email("registered"));
        outbox.flush();
        if (outcome.kind === "gone") throw data(null, { status: 404 });
        if (outcome.kind === "waiting")
          return done(
            `This fair is full: you are number ${outcome.place} on its waiting list. If a place comes up, it is yours, and we will email you your ticket.`,
          );
        return done(
          fair.format === "online"
            ? "You're registered. The link to join is below."
            : "You're registered. Your ticket is below: show it at the door.",
        );
      },
      cancel: async () => {
        const tooMany = await spend();
        if (tooMany) return tooMany;
        const outcome = await cancel(db, fair, user.id, now, { given: email("place-given-up"), promoted });
        outbox.flush();
        if (outcome === "not-found") return refuse(404, "You have no place at this fair to give up.");
        if (outcome === "too-late")
          return refuse(409, "This place cannot be given up now: the fair has started, or you are checked in.");
        return done("Your place is given up. You can register again while the fair is open.");
      },
      "leave-waiting-list": async () => {
        const tooMany = await spend();
        if (tooMany) return tooMany;
        if (!(await leaveWaitingList(db, fair.id, user.id)))
          return refuse(404, "You are not on this fair's waiting list (given a place already?). Reload the page.");
        return done("You have left the waiting list.");
      },
    },
    async () => refuse(400, "That action is not known. Reload the page and try again."),
  );
}
