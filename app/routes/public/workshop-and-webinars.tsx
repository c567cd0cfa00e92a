import { Form, Link, data, redirect } from "react-router";
import { ErrorSummary, Honeypot, SelectField, SubmitButton, TextField } from "~/components/form";
import { TimeZoneForm } from "~/components/time-zone-form";
import { dbContext, rateLimiterContext } from "~/db/context";
import { WORKSHOP_FORMATS } from "~/db/schema/booking-values";
import { accessContext } from "~/features/access/context";
import { requireUniversityAdmin, universityAdminOf } from "~/features/access/require-user.server";
import { siteOrigin } from "~/features/access/site-url.server";
import { outboxContext } from "~/features/email/context";
import { TIME_ZONES, isTimeZone } from "~/lib/time-zones";
import { workshopLinksContext } from "~/features/workshops/context";
import { RegistrationSchema, WORKSHOP_FIELDS, WorkshopSchema } from "~/features/workshops/schema";
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
} from "~/features/workshops/workshops.server";
import { clientIpContext, clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { pageTitle } from "~/lib/meta";
import { receivePublicForm } from "~/lib/public-form.server";
import type { Limit } from "~/lib/rate-limit";
import { formOf, keptValues, tooManyRequests } from "~/lib/request-body.server";
import { useBrowserTimeZone } from "~/lib/use-browser-time-zone";
import { errorList, validate } from "~/lib/validation";
import type { Route } from "./+types/workshop-and-webinars";

// /workshop-and-webinars: the audience guard has run (students see their workshops on their
// dashboard). Visitors and logged-in people register here; a university admin also adds workshops
// for their own students and sees who is coming.

const REGISTER_LIMIT: Limit = { max: 10, windowSeconds: 60 * 60 };
const REGISTER_EMAIL_LIMIT: Limit = { max: 5, windowSeconds: 24 * 60 * 60 };
/** Where a visitor's registration goes, new place or not: its details went to the address typed. */
const SENT = `${WORKSHOPS_PATH}?sent=1`;

function depsOf(request: Request, context: Route.LoaderArgs["context"]): WorkshopDeps {
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
function universityOf(context: Route.LoaderArgs["context"]): number | null {
  const { user, microsite, state } = context.get(accessContext);
  if (user) return state.internalContent ? user.universityId : null;
  return microsite?.id ?? null;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const deps = depsOf(request, context);
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

export async function action({ request, context }: Route.ActionArgs) {
  const deps = depsOf(request, context);
  const { user } = context.get(accessContext);
  const universityId = universityOf(context);
  const limiter = context.get(rateLimiterContext);
  const ip = context.get(clientIpContext);
  const form = await formOf(request);
  const intent = form.get("intent");

  if (intent === "cancel-workshop") {
    const { university } = await requireUniversityAdmin(context);
    // Another university's workshop, or one that has started, is not one this admin can call off.
    if (!(await cancelWorkshop(deps.db, Number(form.get("workshop")), university.id, deps.now)))
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
    const w = await createWorkshop(deps.db, result.data, { id: admin.id, universityId: university.id });
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

export function meta() {
  return [
    { title: pageTitle("Workshops and webinars") },
    {
      name: "description",
      content:
        "Free workshops and webinars on jobs, CVs, interviews and visas for international students and graduates, shown in your own time zone.",
    },
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

const ADD_ORDER = [
  "title",
  "summary",
  "day",
  "time",
  "minutes",
  "timeZone",
  "format",
  "joinUrl",
  "venue",
  "capacity",
] as const;

export default function WorkshopsAndWebinars({ loaderData, actionData }: Route.ComponentProps) {
  const { zone, zoneChosen, zones, closed, sent, loggedIn, isAdmin, upcoming, past, attendees } = loaderData;
  useBrowserTimeZone(zoneChosen, zone);
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = actionData?.values ?? {};
  const adding = actionData && "values" in actionData && "title" in (actionData.values as object);
  const registeringFor = Number(values.workshop ?? 0);

  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">Workshops and webinars</h1>
      <p className="mt-2 text-lg">
        Free sessions on finding work, CVs, interviews and visas, run by our team and by university careers services.
        Register for a place and we email you a calendar invitation, and a reminder the day before.
      </p>
      {closed ? (
        <p role="status" className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-3">
          Registration for that workshop has closed: it has started, or it was cancelled.
        </p>
      ) : null}
      {sent ? (
        <p role="status" className="mt-4 rounded border-2 border-green-700 bg-green-50 p-3 font-semibold">
          Thank you. Check your email: we have sent the details of your place there, with a link to see it or give it
          up. If the workshop is full, the email says where you are on its waiting list.
        </p>
      ) : null}
      <TimeZoneForm zone={zone} zones={zones} />
      {!adding ? (
        <ErrorSummary
          formError={actionData?.formError}
          fields={errorList(errors, ["name", "email"])}
          answer={actionData}
        />
      ) : null}

      <section aria-labelledby="upcoming-heading" className="mt-8">
        <h2 id="upcoming-heading" className="text-2xl font-semibold">
          Coming up
        </h2>
        {upcoming.length === 0 ? (
          <p className="mt-2">No workshops are planned just now. Past sessions and their recordings are below.</p>
        ) : null}
        <ul className="mt-4 space-y-4">
          {upcoming.map((w) => (
            <li key={w.id} className="rounded border border-slate-300 bg-white p-5">
              <h3 id={`workshop-${w.id}`} className="text-xl font-semibold">
                {w.title}
              </h3>
              {w.forUniversity ? (
                <p className="mt-1 text-sm font-semibold">For your university&apos;s students and staff</p>
              ) : null}
              <p className="mt-2">{w.summary}</p>
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold">When</dt>
                <dd>
                  {w.when}
                  {w.eventWhen ? <span className="block text-muted">{`Event time: ${w.eventWhen}`}</span> : null}
                </dd>
                <dt className="font-semibold">Where</dt>
                <dd>{w.where}</dd>
                <dt className="font-semibold">Places</dt>
                <dd>{w.placesLeft > 0 ? `${w.placesLeft} left` : `Full: ${w.waiting} on the waiting list`}</dd>
              </dl>
              {w.mine ? (
                <p className="mt-3 font-semibold">
                  {w.mine.status === "registered" ? "You have a place. " : "You are on the waiting list. "}
                  <Link to={w.mine.link} className="text-brand underline">
                    Your registration
                  </Link>
                </p>
              ) : loggedIn ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="register" />
                  <input type="hidden" name="workshop" value={w.id} />
                  <button
                    type="submit"
                    aria-describedby={`workshop-${w.id}`}
                    className="rounded bg-brand px-4 py-2 font-semibold text-white"
                  >
                    {w.placesLeft > 0 ? "Register" : "Join the waiting list"}
                  </button>
                </Form>
              ) : (
                <details className="mt-3" open={registeringFor === w.id}>
                  <summary className="cursor-pointer font-semibold text-brand underline">
                    {w.placesLeft > 0 ? "Register for a place" : "Join the waiting list"}
                  </summary>
                  <Form method="post" className="mt-3 space-y-4" noValidate>
                    <input type="hidden" name="intent" value="register" />
                    <input type="hidden" name="workshop" value={w.id} />
                    <TextField
                      name="name"
                      label="Full name"
                      type="text"
                      autoComplete="name"
                      required
                      defaultValue={registeringFor === w.id ? (values.name ?? "") : ""}
                      error={registeringFor === w.id ? errors.name : undefined}
                    />
                    <TextField
                      name="email"
                      label="Email"
                      hint="Where we send the invitation and the reminder."
                      type="email"
                      autoComplete="email"
                      spellCheck={false}
                      required
                      defaultValue={registeringFor === w.id ? (values.email ?? "") : ""}
                      error={registeringFor === w.id ? errors.email : undefined}
                    />
                    <Honeypot id={`website-${w.id}`} />
                    <SubmitButton>{w.placesLeft > 0 ? "Register" : "Join the waiting list"}</SubmitButton>
                  </Form>
                </details>
              )}
            </li>
          ))}
        </ul>
      </section>

      {past.length ? (
        <section aria-labelledby="past-heading" className="mt-10">
          <h2 id="past-heading" className="text-2xl font-semibold">
            Past sessions with recordings
          </h2>
          <ul className="mt-4 space-y-3">
            {past.map((w) => (
              <li key={w.id}>
                <Link to={w.recordingUrl} className="font-semibold text-brand underline">
                  {`Watch: ${w.title}`}
                </Link>
                <p className="text-sm text-muted">{w.when}</p>
                <p>{w.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {isAdmin ? (
        <>
          {attendees.length ? (
            <section aria-labelledby="attendees-heading" className="mt-10">
              <h2 id="attendees-heading" className="text-2xl font-semibold">
                Who is coming to your workshops
              </h2>
              {attendees.map((a) => (
                <details key={a.id} className="mt-3 rounded border border-slate-300 bg-white p-4">
                  <summary className="cursor-pointer font-semibold">{`${a.title}: ${a.people.filter((p) => p.status === "registered").length} of ${a.capacity} places taken`}</summary>
                  <table className="mt-2 w-full text-left text-sm">
                    <caption className="sr-only">{`People registered for ${a.title}`}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Email</th>
                        <th scope="col">Place</th>
                      </tr>
                    </thead>
                    <tbody>
                      {a.people.map((p) => (
                        <tr key={p.email} className="border-t border-slate-200">
                          <td>{p.name}</td>
                          <td>{p.email}</td>
                          <td>{p.status === "registered" ? "Registered" : "Waiting list"}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="intent" value="cancel-workshop" />
                    <input type="hidden" name="workshop" value={a.id} />
                    <button
                      type="submit"
                      className="rounded border-2 border-red-800 px-3 py-1 text-sm font-semibold text-red-800"
                    >
                      {`Cancel ${a.title}`}
                    </button>
                  </Form>
                </details>
              ))}
            </section>
          ) : null}
          <section aria-labelledby="add-heading" className="mt-10 border-t border-slate-300 pt-6">
            <h2 id="add-heading" className="text-2xl font-semibold">
              Add a workshop for your students
            </h2>
            <p className="mt-1 text-muted">
              Your students see it on their dashboard and register there; it is not shown to anyone else.
            </p>
            {adding ? (
              <ErrorSummary
                formError={actionData?.formError}
                fields={errorList(errors, ADD_ORDER)}
                answer={actionData}
              />
            ) : null}
            <Form method="post" className="mt-4 space-y-5" noValidate>
              <input type="hidden" name="intent" value="add-workshop" />
              <TextField
                name="title"
                label="Title"
                type="text"
                required
                defaultValue={adding ? values.title : ""}
                error={adding ? errors.title : undefined}
              />
              <TextField
                name="summary"
                label="What it covers"
                multiline
                rows={3}
                required
                defaultValue={adding ? values.summary : ""}
                error={adding ? errors.summary : undefined}
              />
              <TextField
                name="day"
                label="Date"
                hint="For example 2026-12-03."
                type="date"
                required
                defaultValue={adding ? values.day : ""}
                error={adding ? errors.day : undefined}
              />
              <TextField
                name="time"
                label="Start time"
                hint="For example 14:00, in the event's time zone."
                type="time"
                required
                defaultValue={adding ? values.time : ""}
                error={adding ? errors.time : undefined}
              />
              <SelectField
                name="minutes"
                label="How long it lasts"
                options={[30, 45, 60, 90, 120, 180].map((m) => ({
                  value: String(m),
                  label: m < 60 ? `${m} minutes` : `${m / 60} hour${m === 60 ? "" : "s"}`,
                }))}
                defaultValue={adding ? values.minutes : "60"}
                error={adding ? errors.minutes : undefined}
              />
              <SelectField
                name="timeZone"
                label="The event's time zone"
                options={zones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
                defaultValue={adding ? values.timeZone : "Europe/London"}
                error={adding ? errors.timeZone : undefined}
              />
              <SelectField
                name="format"
                label="Online or in person"
                options={WORKSHOP_FORMATS.map((f) => ({ value: f, label: f === "online" ? "Online" : "In person" }))}
                defaultValue={adding ? values.format : ""}
                error={adding ? errors.format : undefined}
              />
              <TextField
                name="joinUrl"
                label="Joining link (online)"
                hint="Sent only to those with a place."
                type="url"
                defaultValue={adding ? values.joinUrl : ""}
                error={adding ? errors.joinUrl : undefined}
              />
              <TextField
                name="venue"
                label="Venue (in person)"
                hint="The building and room."
                type="text"
                defaultValue={adding ? values.venue : ""}
                error={adding ? errors.venue : undefined}
              />
              <TextField
                name="capacity"
                label="Places"
                type="number"
                inputMode="numeric"
                min={1}
                required
                defaultValue={adding ? values.capacity : "30"}
                error={adding ? errors.capacity : undefined}
              />
              <SubmitButton>Add the workshop</SubmitButton>
            </Form>
          </section>
        </>
      ) : null}
      <p className="mt-10 text-sm text-muted">
        Registered already? The link in your email shows your place and lets you give it up.
      </p>
    </div>
  );
}
