import { type RouterContextProvider, data, href, redirect } from "react-router";
import { actorOf } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { requireUniversityAdmin } from "~/features/access/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf, keptValues } from "~/lib/request-body.server";
import { TIME_ZONES } from "~/lib/time-zones";
import { type FieldErrors, validate } from "~/lib/validation";
import {
  addKind,
  adviserCandidates,
  adviserOf,
  advisersOf,
  kindsOf,
  markAdviser,
  saveAdviserSettings,
  saveKind,
  setAppointmentLimit,
  switchAdviserOff,
} from "./careers-service.server";
import { SETTINGS_PATH } from "./paths";
import {
  ADVISER_FIELDS,
  AdviserSettingsSchema,
  KIND_FIELDS,
  KindSchema,
  LimitSchema,
  WEEKDAYS,
  hoursText,
  parseOffers,
} from "./settings-schema";

type Context = Readonly<RouterContextProvider>;

/** A refused form of a settings page: which form ("limit", "adviser", "new-kind", "kind-{id}", "settings"), what was typed and why. */
export type SettingsAnswer = {
  form: string;
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  formError: string | null;
};
const refuse = (status: number, answer: Partial<SettingsAnswer> & { form: string }) =>
  data<SettingsAnswer>({ values: {}, fieldErrors: {}, formError: null, ...answer }, { status });

/** A path's or form's id: a whole number, or 0 (which nothing has). */
const idOf = (value: unknown) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : 0);
const adviserPath = (id: number) =>
  href("/university-dashboard/appointments/settings/advisers/:id", { id: String(id) });

/** /university-dashboard/appointments/settings: the university's advisers, its kinds of appointment and its limit. */
export async function loadAppointmentSettings(context: Context) {
  const { university } = await requireUniversityAdmin(context);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const [advisers, candidates, kinds] = await Promise.all([
    advisersOf(db, university.id, now),
    adviserCandidates(db, university.id),
    kindsOf(db, university.id),
  ]);
  return {
    universityName: university.name,
    limit: university.appointmentLimit,
    advisers: advisers.map((a) => ({
      id: a.userId,
      name: a.name,
      email: a.email,
      active: a.active,
      upcoming: a.upcoming,
      settingsPath: adviserPath(a.userId),
    })),
    candidates,
    kinds: kinds.map((k) => ({
      id: k.id,
      name: k.name,
      minutes: k.minutes,
      description: k.description ?? "",
      active: k.active,
    })),
  };
}
export type AppointmentSettingsData = Awaited<ReturnType<typeof loadAppointmentSettings>>;

/**
 * The settings page's buttons: mark an admin as adviser, switch one off or on again (never deleted:
 * their appointments are their students' records), add or change a kind, and the limit.
 */
export async function appointmentSettingsAction(request: Request, context: Context) {
  const { admin, university } = await requireUniversityAdmin(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const actor = actorOf(admin, context);
  const done = (message: string, to: string = SETTINGS_PATH) =>
    redirect(to, { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });
  const notFound = () => {
    throw data(null, { status: 404 });
  };

  const mark = async () => {
    const id = idOf(form.get("adviser"));
    if (!id) return refuse(400, { form: "adviser", fieldErrors: { adviser: "Choose an admin to make an adviser" } });
    const { outcome, name } = await markAdviser(db, actor, university.id, id, now);
    if (outcome === "not-found") return notFound();
    if (outcome === "not-an-admin")
      return refuse(422, {
        form: "adviser",
        formError: `${name} is not an active admin of ${university.name}: only its admins can be advisers.`,
      });
    if (outcome === "already") return done(`${name} is an adviser already.`);
    if (outcome === "switched-on") return done(`${name} is taking appointments again.`);
    return done(`${name} is now an adviser. Set their hours and the kinds of appointment they offer.`, adviserPath(id));
  };

  const kind = (id: number | null) => {
    const values = keptValues(form, KIND_FIELDS);
    const checked = validate(KindSchema, values);
    const which = id === null ? "new-kind" : `kind-${id}`;
    if (!checked.success) return { refused: refuse(400, { form: which, values, fieldErrors: checked.fieldErrors }) };
    return { kind: checked.data };
  };

  return dispatchIntent(
    form,
    {
      "mark-adviser": mark,
      "switch-on": mark,
      "switch-off": async () => {
        const switched = await switchAdviserOff(db, actor, university.id, idOf(form.get("adviser")), now);
        if (!switched) return notFound();
        return done(
          switched.changed
            ? `${switched.name} is switched off: they keep their appointments, and students can book no new time with them.`
            : `${switched.name} is switched off already.`,
        );
      },
      "add-kind": async () => {
        const checked = kind(null);
        if (checked.refused) return checked.refused;
        await addKind(db, actor, university.id, checked.kind, now);
        return done(`${checked.kind.name} is added. Advisers offer it once their settings say how.`);
      },
      "save-kind": async () => {
        const id = idOf(form.get("kind"));
        const checked = kind(id);
        if (checked.refused) return checked.refused;
        if (!(await saveKind(db, actor, university.id, id, checked.kind, now))) return notFound();
        return done(`${checked.kind.name} is saved.`);
      },
      "save-limit": async () => {
        const values = keptValues(form, ["limit"]);
        const checked = validate(LimitSchema, values);
        if (!checked.success) return refuse(400, { form: "limit", values, fieldErrors: checked.fieldErrors });
        await setAppointmentLimit(db, actor, university.id, checked.data.limit, now);
        return done(
          `Each student may now hold ${checked.data.limit} appointment${checked.data.limit === 1 ? "" : "s"} to come at once.`,
        );
      },
    },
    async () => refuse(400, { form: "", formError: "That action is not known. Reload the page and try again." }),
  );
}

/** The adviser of the path, if the university's (another university's adviser is not found). */
async function adviserOfPath(context: Context, param: string | undefined) {
  const own = await requireUniversityAdmin(context);
  const db = context.get(dbContext);
  const adviser = await adviserOf(db, own.university.id, idOf(param));
  if (!adviser) throw data(null, { status: 404 });
  return { ...own, db, adviser };
}

/** /university-dashboard/appointments/settings/advisers/{id}: an adviser's hours, days off, horizon, notice and offers. */
export async function loadAdviserSettings(param: string | undefined, context: Context) {
  const { admin, university, db, adviser } = await adviserOfPath(context, param);
  const kinds = await kindsOf(db, university.id);
  return {
    adviser: {
      id: adviser.userId,
      name: adviser.name,
      email: adviser.email,
      active: adviser.active,
      you: adviser.userId === admin.id,
    },
    values: {
      timeZone: adviser.timeZone,
      ...Object.fromEntries(WEEKDAYS.map((w) => [`hours-${w.day}`, hoursText(adviser.weekly[w.day])])),
      daysOff: adviser.daysOff.join(", "),
      horizonDays: String(adviser.horizonDays),
      noticeHours: String(adviser.noticeHours),
      ...Object.fromEntries(
        kinds.flatMap((k) => {
          const offer = adviser.offers.find((o) => o.typeId === k.id);
          return [
            [`offer-${k.id}`, offer?.mode ?? "none"],
            [`location-${k.id}`, offer?.location ?? ""],
          ];
        }),
      ),
    } as Record<string, string>,
    kinds: kinds.map((k) => ({ id: k.id, name: k.name, minutes: k.minutes, active: k.active })),
    zones: TIME_ZONES,
  };
}
export type AdviserSettingsData = Awaited<ReturnType<typeof loadAdviserSettings>>;

/** Saves an adviser's settings, all of them or none: each field's problem is named, and nothing is stored until every one is right. */
export async function adviserSettingsAction(request: Request, param: string | undefined, context: Context) {
  const { admin, university, db, adviser } = await adviserOfPath(context, param);
  const form = await formOf(request);
  const now = context.get(clockContext)();
  const kinds = await kindsOf(db, university.id);
  return dispatchIntent(
    form,
    {
      "save-adviser": async () => {
        const names = [...ADVISER_FIELDS, ...kinds.flatMap((k) => [`offer-${k.id}`, `location-${k.id}`])];
        const values = keptValues(form, names);
        const checked = validate(AdviserSettingsSchema, values);
        const offers = parseOffers(
          kinds.map((k) => k.id),
          (name) => values[name] ?? "",
        );
        if (!checked.success || !offers.ok)
          return refuse(400, {
            form: "settings",
            values,
            fieldErrors: { ...(checked.success ? {} : checked.fieldErrors), ...(offers.ok ? {} : offers.fieldErrors) },
          });
        const saved = await saveAdviserSettings(
          db,
          actorOf(admin, context),
          university.id,
          adviser.userId,
          { settings: checked.data, offers: offers.offers },
          now,
        );
        if (!saved) throw data(null, { status: 404 });
        return redirect(adviserPath(adviser.userId), {
          status: 303,
          headers: {
            "Set-Cookie": flashCookie(
              context.get(configContext),
              `${adviser.userId === admin.id ? "Your" : `${adviser.name}'s`} settings are saved.`,
            ),
          },
        });
      },
    },
    async () =>
      refuse(400, { form: "settings", formError: "That action is not known. Reload the page and try again." }),
  );
}
