import { actorOf } from "~/db/audit.server";
import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { requireUniversityAdmin, universityAdminOf } from "~/features/access/index.server";
import { siteOrigin } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import { clientIpContext, clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { receivePublicForm } from "~/lib/public-form.server";
import type { Limit } from "~/lib/rate-limit";
import { type FormState, formOf, keptValues, tooManyRequests } from "~/lib/request-body.server";
import { TIME_ZONES, isTimeZone } from "~/lib/time-zones";
import { validate } from "~/lib/validation";
import { workshopLinksContext } from "./context";
import { RegistrationSchema, WORKSHOP_FIELDS, WorkshopSchema } from "./schema";
import {
  WORKSHOPS_PATH,
  type WorkshopDeps,
  attendeesOf,
  cancelWorkshop,
  createWorkshop,
  pastRecordings,
  registerForWorkshop,
  registrationUrl,
  registrationsOf,
  upcomingWorkshops,
  visibleWorkshop,
  whenLabel,
} from "./workshops.server";

// /workshop-and-webinars: the audience guard has run (students see their workshops on their
// dashboard). Visitors and logged-in people register here; a university admin also adds workshops
// for their own students and sees who is coming.

type Context = Readonly<RouterContextProvider>;

const REGISTER_LIMIT: Limit = { max: 10, windowSeconds: 60 * 60 };
const REGISTER_EMAIL_LIMIT: Limit = { max: 5, windowSeconds: 24 * 60 * 60 };
/** Where a visitor's registration goes, new place or not: its details went to the address typed. */
const SENT = `${WORKSHOPS_PATH}?sent=1`;

function depsOf(context: Context): WorkshopDeps {
  return {
    db: context.get(dbContext),
    outbox: context.get(outboxContext),
    links: context.get(workshopLinksContext),
    origin: siteOrigin(context),
    now: context.get(clockContext)(),
  };
}

/**
 * Whose workshops the person sees beside the platform's: their university's, if they may read its
 * own content (not an account awaiting approval, nor a pre-departure account nothing vouches for);
 * a visitor, the microsite's.
 */
function universityOf(context: Context): number | null {
  const { user, microsite, state } = context.get(accessContext);
  if (user) return state.internalContent ? user.universityId : null;
  return microsite?.id ?? null;
}

/** The workshops page: what is coming up and past recordings in the zone asked for, and an admin's attendee lists. */
export async function loadWorkshopsPage(url: URL, context: Context) {
  const deps = depsOf(context);
  const { user } = context.get(accessContext);
  const universityId = universityOf(context);
  const asked = url.searchParams.get("tz") ?? "";
  const zone = isTimeZone(asked) ? asked : "Europe/London";
  const [upcoming, past, mine] = await Promise.all([
    upcomingWorkshops(deps.db, universityId, deps.now),
    pastRecordings(deps.db, universityId, deps.now),
    user ? registrationsOf(deps.db, { userId: user.id, email: user.email }) : Promise.resolve(new Map()),
  ]);
  const own = await universityAdminOf(context);
  const isAdmin = own !== null;
  const attendees = own
    ? await Promise.all(
        upcoming
          .filter((w) => w.universityId === own.university.id)
          .map((w) => attendeesOf(deps.db, w.id, own.university.id)),
      )
    : [];
  return {
    zone,
    zoneChosen: isTimeZone(asked),
    zones: TIME_ZONES,
    closed: url.searchParams.has("closed"),
    sent: url.searchParams.get("sent") === "1",
    loggedIn: user ? { name: user.name, email: user.email } : null,
    isAdmin,
    upcoming: upcoming.map((w) => {
      const own = mine.get(w.id);
      return {
        id: w.id,
        title: w.title,
        summary: w.summary,
        when: whenLabel(w, zone),
        eventWhen: w.timeZone === zone ? null : whenLabel(w, w.timeZone),
        where: w.format === "online" ? "Online" : w.venue!,
        forUniversity: w.universityId !== null,
        placesLeft: Math.max(0, w.capacity - w.registered),
        waiting: w.waiting,
        mine: own
          ? { status: own.status as "registered" | "waiting", link: registrationUrl({ ...deps, origin: "" }, own.id) }
          : null,
      };
    }),
    past: past.map((w) => ({
      id: w.id,
      title: w.title,
      summary: w.summary,
      when: whenLabel(w, zone),
      recordingUrl: w.recordingUrl!,
    })),
    attendees: attendees.flatMap((a) =>
      a ? [{ id: a.workshop.id, title: a.workshop.title, capacity: a.workshop.capacity, people: a.people }] : [],
    ),
  };
}

export type WorkshopsPageData = Awaited<ReturnType<typeof loadWorkshopsPage>>;
/** What the action answers when it shows a form again: a registration's, or the admin's new workshop. */
export type WorkshopsForm = FormState<Partial<Record<string, string>>>;

/** The workshops page's posts: a registration (anyone), or an admin adding or cancelling their university's workshop. */
export async function workshopsPageAction(request: Request, context: Context) {
  const deps = depsOf(context);
  const { user } = context.get(accessContext);
  const universityId = universityOf(context);
  const limiter = context.get(rateLimiterContext);
  const ip = context.get(clientIpContext);
  const form = await formOf(request);
  const intent = form.get("intent");

  if (intent === "cancel-workshop") {
    const { admin, university } = await requireUniversityAdmin(context);
    // Another university's workshop, or one that has started, is not one this admin can call off.
    if (
      !(await cancelWorkshop(deps.db, actorOf(admin, context), Number(form.get("workshop")), university.id, deps.now))
    )
      throw data(null, { status: 404 });
    return redirect(WORKSHOPS_PATH, {
      status: 303,
      headers: {
        "Set-Cookie": flashCookie(
          context.get(configContext),
          "The workshop is cancelled. Everyone registered is told by email.",
        ),
      },
    });
  }

  if (intent === "add-workshop") {
    const { admin, university } = await requireUniversityAdmin(context);
    const values = keptValues(form, WORKSHOP_FIELDS);
    const result = validate(WorkshopSchema, Object.fromEntries(form));
    if (!result.success) return data({ values, fieldErrors: result.fieldErrors, formError: null }, { status: 400 });
    if (result.data.startsAt <= deps.now)
      return data(
        { values, fieldErrors: { day: "Choose a date and time in the future" }, formError: null },
        { status: 400 },
      );
    const w = await createWorkshop(
      deps.db,
      result.data,
      { ...actorOf(admin, context), universityId: university.id },
      deps.now,
    );
    return redirect(WORKSHOPS_PATH, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), `"${w.title}" is listed for your students.`) },
    });
  }

  if (intent !== "register") throw data(null, { status: 400 });
  const registered = async (workshopId: number, person: { userId: number | null; name: string; email: string }) => {
    if (!(await visibleWorkshop(deps.db, workshopId, universityId))) throw data(null, { status: 404 });
    const result = await registerForWorkshop(deps, workshopId, person);
    if (result === "closed") return { next: `${WORKSHOPS_PATH}?closed=${workshopId}` };
    // Only an account's own address leads straight to its place; a typed one is answered alike, new place or not.
    if (person.userId === null) return { next: SENT };
    return { next: `${registrationUrl({ ...deps, origin: "" }, result.registration.id)}&done=${result.status}` };
  };
  if (user) {
    // A logged-in person registers as themselves: nothing to type, so nothing to validate but the workshop.
    const wait = await limiter.spend(`workshop:user:${user.id}`, REGISTER_LIMIT);
    if (wait > 0) return tooManyRequests({}, wait, "registrations");
    const { next } = await registered(Number(form.get("workshop")), {
      userId: user.id,
      name: user.name,
      email: user.email,
    });
    return redirect(next, { status: 303 });
  }
  return receivePublicForm({
    request,
    form,
    limiter,
    key: `workshop:ip:${ip}`,
    limit: REGISTER_LIMIT,
    alsoLimit: (input) => ({ key: `workshop:email:${input.email.toLowerCase()}`, limit: REGISTER_EMAIL_LIMIT }),
    what: "registrations",
    kept: ["workshop", "name", "email"],
    schema: RegistrationSchema,
    store: (input) => registered(input.workshop, { userId: null, name: input.name, email: input.email }),
    sent: SENT,
  });
}
