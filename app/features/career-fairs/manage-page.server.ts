import { type RouterContextProvider, data, href, redirect } from "react-router";
import { z } from "zod";
import { actorOf } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import type { CareerFair } from "~/db/schema";
import { requireStaff, requireUniversityAdmin, siteOrigin } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import { whenLabel } from "~/features/workshops/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf, keptValues } from "~/lib/request-body.server";
import { TIME_ZONES } from "~/lib/time-zones";
import { type FormAnswer, validate } from "~/lib/validation";
import {
  addExhibitor,
  addTalk,
  callOffFair,
  createFair,
  doorCounts,
  exhibitorsOf,
  hoursOf,
  managedFairs,
  ownedFair,
  removeExhibitor,
  removeTalk,
  talksOf,
  updateFair,
  verifiedEmployers,
  waitingCount,
} from "./queries.server";
import { ticketNotice } from "./notices.server";
import { callableOff, ticketHoldersTold } from "./rules";
import {
  EXHIBITOR_FIELDS,
  type ExhibitorField,
  ExhibitorSchema,
  FAIR_FIELDS,
  type FairField,
  FairSchema,
  TALK_FIELDS,
  type TalkField,
  TalkSchema,
} from "./schema";

// Setting fairs up: a university's admins for their university (/university-dashboard/career-fairs),
// and the platform's staff for every university (/ops/career-fairs: the fairs of no one university).
// One set of functions for both; `area` says whose fairs, from the account asking, never the form.

type Context = Readonly<RouterContextProvider>;
export type ManageArea = "university" | "ops";

const PATHS = {
  university: {
    list: href("/university-dashboard/career-fairs"),
    fresh: href("/university-dashboard/career-fairs/new"),
    fair: (slug: string) => href("/university-dashboard/career-fairs/:slug", { slug }),
  },
  ops: {
    list: href("/ops/career-fairs"),
    fresh: href("/ops/career-fairs/new"),
    fair: (slug: string) => href("/ops/career-fairs/:slug", { slug }),
  },
} as const;

/** Who is setting fairs up and whose fairs they are: the admin's own university, or the platform's (null). */
async function managerOf(context: Context, area: ManageArea) {
  if (area === "ops") return { user: requireStaff(context), owner: null };
  const { admin, university } = await requireUniversityAdmin(context);
  return { user: admin, owner: university.id };
}

const door = (slug: string) => href("/university-dashboard/career-fairs/:slug/check-in", { slug });

/** The fairs of the area: for a university, its own (to edit) and the platform's (its door, for its students). */
export async function loadManagedFairs(context: Context, area: ManageArea) {
  const { owner } = await managerOf(context, area);
  const now = context.get(clockContext)();
  const fairs = await managedFairs(context.get(dbContext), owner);
  return {
    area,
    newHref: PATHS[area].fresh,
    fairs: fairs.map((f) => ({
      slug: f.slug,
      title: f.title,
      when: whenLabel(f, f.timeZone),
      past: f.endsAt <= now,
      registered: f.registered,
      attended: f.attended,
      editHref: f.universityId === owner ? PATHS[area].fair(f.slug) : null,
      doorHref: area === "university" ? door(f.slug) : null,
      pageHref: href("/career-fairs/:slug", { slug: f.slug }),
    })),
  };
}
export type ManagedFairsData = Awaited<ReturnType<typeof loadManagedFairs>>;

export type DetailsAnswer = FormAnswer<FairField>;

/** The form of a new fair: the time zones to choose from. */
export async function loadNewFair(context: Context, area: ManageArea) {
  await managerOf(context, area);
  return { area, zones: TIME_ZONES, listHref: PATHS[area].list };
}
export type NewFairData = Awaited<ReturnType<typeof loadNewFair>>;

const flashed = (context: Context, to: string, message: string) =>
  redirect(to, { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });

/** A new fair from the form, then its page, where its exhibitors and talks are added. */
export async function createFairFromForm(request: Request, context: Context, area: ManageArea) {
  const { user, owner } = await managerOf(context, area);
  const values = keptValues(await formOf(request), FAIR_FIELDS);
  const checked = validate<typeof FairSchema, FairField>(FairSchema, values);
  if (!checked.success)
    return data<DetailsAnswer>({ fieldErrors: checked.fieldErrors, formError: null, values }, { status: 400 });
  const fair = await createFair(
    context.get(dbContext),
    actorOf(user, context),
    owner,
    checked.data,
    context.get(clockContext)(),
  );
  return flashed(context, PATHS[area].fair(fair.slug), `${fair.title} is set up. Add its exhibitors and talks below.`);
}

async function managedFair(context: Context, area: ManageArea, slug: string) {
  const manager = await managerOf(context, area);
  const fair = await ownedFair(context.get(dbContext), slug, manager.owner);
  if (!fair) throw data(null, { status: 404 });
  return { ...manager, fair };
}

/** The details as the form shows them: the day and hours in the fair's own time zone. */
const detailsOf = (fair: CareerFair): Record<FairField, string> => {
  const hours = hoursOf(fair);
  return {
    title: fair.title,
    summary: fair.summary,
    day: hours.day,
    start: hours.start,
    end: hours.end,
    timeZone: fair.timeZone,
    format: fair.format,
    venue: fair.venue ?? "",
    joinUrl: fair.joinUrl ?? "",
    capacity: fair.capacity === null ? "" : String(fair.capacity),
  };
};

/** A fair's page for those who run it: its details, exhibitors and talks, each with its form. */
export async function loadFairEditor(slug: string, context: Context, area: ManageArea) {
  const { fair } = await managedFair(context, area, slug);
  const db = context.get(dbContext);
  const [exhibitors, talks, employers, counts, waiting] = await Promise.all([
    exhibitorsOf(db, fair.id),
    talksOf(db, fair.id),
    verifiedEmployers(db),
    doorCounts(db, fair.id, null),
    waitingCount(db, fair.id),
  ]);
  return {
    area,
    listHref: PATHS[area].list,
    pageHref: href("/career-fairs/:slug", { slug: fair.slug }),
    doorHref: area === "university" ? door(fair.slug) : null,
    title: fair.title,
    when: whenLabel(fair, fair.timeZone),
    details: detailsOf(fair),
    tickets: { taken: counts.registered, capacity: fair.capacity, waiting },
    callOff: callableOff(fair, context.get(clockContext)())
      ? { told: ticketHoldersTold(counts.registered, waiting) }
      : null,
    zones: TIME_ZONES,
    exhibitors: exhibitors.map((e) => ({ id: e.id, name: e.name, verifiedEmployer: e.organisationId !== null })),
    employers: employers.filter((o) => !exhibitors.some((e) => e.organisationId === o.id)),
    talks: talks.map((t) => ({
      id: t.id,
      title: t.title,
      speaker: t.speaker,
      start: t.startTime,
      end: t.endTime,
      room: t.room,
    })),
  };
}
export type FairEditorData = Awaited<ReturnType<typeof loadFairEditor>>;

export type EditorAnswer = {
  details?: DetailsAnswer;
  exhibitor?: FormAnswer<ExhibitorField>;
  talk?: FormAnswer<TalkField>;
  error?: string;
};

const idField = z.coerce.number().int().positive().max(2_147_483_647);

/** The editor's posts: the details, an exhibitor or a talk added or removed; each audited, then back to the page. */
export async function fairEditorAction(request: Request, slug: string, context: Context, area: ManageArea) {
  const { user, fair } = await managedFair(context, area, slug);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const actor = actorOf(user, context);
  const done = (message: string) => flashed(context, PATHS[area].fair(fair.slug), message);
  const answer = (body: EditorAnswer, status: number) => data(body, { status });
  const removed = async (what: "exhibitor" | "talk") => {
    const id = idField.safeParse(form.get(what));
    const gone =
      id.success &&
      (what === "exhibitor"
        ? await removeExhibitor(db, actor, fair, id.data, now)
        : await removeTalk(db, actor, fair, id.data, now));
    if (!gone) return answer({ error: `That ${what} is not at this fair (removed already?). Reload the page.` }, 404);
    return done(what === "exhibitor" ? "The exhibitor is removed." : "The talk is removed.");
  };

  return dispatchIntent(
    form,
    {
      details: async () => {
        const values = keptValues(form, FAIR_FIELDS);
        const checked = validate<typeof FairSchema, FairField>(FairSchema, values);
        if (!checked.success)
          return answer({ details: { fieldErrors: checked.fieldErrors, formError: null, values } }, 400);
        const outbox = context.get(outboxContext);
        const origin = siteOrigin(context);
        // Told of the fair as it is saved.
        const outcome = await updateFair(db, actor, fair, checked.data, now, (tx, holder, ticket, saved) =>
          outbox.queue(tx, ticketNotice("place-came-up", saved, holder, ticket, { origin, now })),
        );
        outbox.flush();
        if (!outcome.ok)
          return answer(
            {
              details:
                "talks" in outcome
                  ? {
                      fieldErrors: {},
                      formError: `These talks would fall outside the new hours: ${outcome.talks.join(", ")}. Move or remove them first.`,
                      values,
                    }
                  : {
                      fieldErrors: {
                        capacity: `${outcome.tickets} students hold tickets already: give the fair at least ${outcome.tickets} places, or leave it empty for no limit`,
                      },
                      formError: null,
                      values,
                    },
            },
            422,
          );
        return done(
          outcome.promoted === 0
            ? "The fair's details are saved."
            : `The fair's details are saved. ${outcome.promoted === 1 ? "The first student on the waiting list has a place now, and is" : `The first ${outcome.promoted} students on the waiting list have places now, and are`} told by email.`,
        );
      },
      "add-exhibitor": async () => {
        const values = keptValues(form, EXHIBITOR_FIELDS);
        const checked = validate<typeof ExhibitorSchema, ExhibitorField>(ExhibitorSchema, values);
        if (!checked.success)
          return answer({ exhibitor: { fieldErrors: checked.fieldErrors, formError: null, values } }, 400);
        const outcome = await addExhibitor(db, actor, fair, checked.data, now);
        if (outcome === "not-verified")
          return answer(
            {
              exhibitor: {
                fieldErrors: { organisation: "Choose one of the verified employers in the list" },
                formError: null,
                values,
              },
            },
            422,
          );
        if (outcome === "already")
          return answer(
            { exhibitor: { fieldErrors: {}, formError: "That employer is exhibiting at this fair already.", values } },
            409,
          );
        return done("The exhibitor is added.");
      },
      "remove-exhibitor": () => removed("exhibitor"),
      "add-talk": async () => {
        const values = keptValues(form, TALK_FIELDS);
        const checked = validate<typeof TalkSchema, TalkField>(TalkSchema, values);
        if (!checked.success)
          return answer({ talk: { fieldErrors: checked.fieldErrors, formError: null, values } }, 400);
        if ((await addTalk(db, actor, fair, checked.data, now)) === "outside") {
          const hours = hoursOf(fair);
          return answer(
            {
              talk: {
                fieldErrors: { talkStart: `Talks are within the fair's hours, ${hours.start} to ${hours.end}` },
                formError: null,
                values,
              },
            },
            422,
          );
        }
        return done("The talk is added to the timetable.");
      },
      "remove-talk": () => removed("talk"),
      "call-off": async () => {
        if (form.get("confirm") !== "yes")
          return answer({ error: "Tick the box to confirm that the fair is called off and its students told." }, 400);
        const outbox = context.get(outboxContext);
        const origin = siteOrigin(context);
        const outcome = await callOffFair(db, actor, fair, now, (tx, holder, ticket, atFair) =>
          outbox.queue(tx, ticketNotice("called-off", atFair, holder, ticket, { origin, now })),
        );
        if (!outcome.ok) {
          if (outcome.reason === "gone") throw data(null, { status: 404 });
          return answer({ error: "This fair has started: it cannot be called off now." }, 409);
        }
        outbox.flush();
        return flashed(
          context,
          PATHS[area].list,
          `“${fair.title}” is called off. ${ticketHoldersTold(outcome.tickets, outcome.waiting)}`,
        );
      },
    },
    async () => answer({ error: "That action is not known. Reload the page and try again." }, 400),
  );
}
