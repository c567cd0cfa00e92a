import { type RouterContextProvider, data, href } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Limit } from "~/db/rate-limiter.server";
import { requireUniversityAdmin } from "~/features/access/index.server";
import { whenLabel } from "~/features/workshops/index.server";
import { clockContext } from "~/lib/context";
import { formOf } from "~/lib/request-body.server";
import { zonedParts } from "~/lib/time-zones";
import { validate } from "~/lib/validation";
import { STUDY_LEVEL_LABELS } from "~/features/accounts";
import { csvResponse } from "~/lib/csv";
import { checkIn, doorCounts, doorRegistrations, fairBySlug } from "./queries.server";
import { doorScope } from "./rules";
import { shownCode } from "./code";
import { CodeSchema } from "./schema";

type Context = Readonly<RouterContextProvider>;

/**
 * Codes one member of staff may try in an hour: a busy door scans one every few seconds, and the
 * limit keeps anyone from trying codes at random (40 bits each) by the million.
 */
export const DOOR_LIMIT: Limit = { max: 3000, windowSeconds: 60 * 60 };

/**
 * The site refuses the camera to every page (Permissions-Policy in server/app.ts); the door page
 * alone may ask for it, to scan tickets. A policy belongs to the document, so links to this page
 * load it as a document of its own.
 */
export const DOOR_HEADERS = { "Permissions-Policy": "camera=(self), microphone=(), geolocation=()" };

/** The fair at whose door the admin stands, and whose tickets they check in; 404 for another university's fair. */
async function doorOf(context: Context, slug: string) {
  const { admin, university } = await requireUniversityAdmin(context);
  const fair = await fairBySlug(context.get(dbContext), slug);
  const scope = fair ? doorScope(fair, university.id) : "none";
  if (!fair || scope === "none") throw data(null, { status: 404 });
  return { admin, university, fair, scope };
}

/** /university-dashboard/career-fairs/{slug}/check-in: the fair, and how many of the admin's tickets are in. */
export async function loadDoor(slug: string, context: Context) {
  const { university, fair, scope } = await doorOf(context, slug);
  const counts = await doorCounts(context.get(dbContext), fair.id, scope);
  return data<DoorData>(
    {
      title: fair.title,
      when: whenLabel(fair, fair.timeZone),
      where: fair.format === "online" ? "Online" : (fair.venue ?? ""),
      // At the platform's fair, the door checks in the admin's own students only.
      students: scope === null ? null : university.name,
      counts,
      registrations: href("/university-dashboard/career-fairs/:slug/registrations.csv", { slug: fair.slug }),
    },
    { headers: DOOR_HEADERS },
  );
}
export type DoorData = {
  title: string;
  when: string;
  where: string;
  students: string | null;
  counts: { registered: number; attended: number };
  /** Who holds the tickets counted, as CSV. */
  registrations: string;
};

/**
 * /university-dashboard/career-fairs/{slug}/registrations.csv: who holds the tickets this door sees,
 * with their course and whether and when they were checked in, times in the fair's time zone.
 */
export async function doorRegistrationsCsv(slug: string, context: Context) {
  const { fair, scope } = await doorOf(context, slug);
  const rows = await doorRegistrations(context.get(dbContext), fair.id, scope);
  const at = (moment: Date | null) => {
    if (!moment) return null;
    const { day, time } = zonedParts(moment, fair.timeZone);
    return `${day} ${time}`;
  };
  return csvResponse(`${fair.slug}-registrations.csv`, [
    ["Name", "Email", "Course", "Level of study", `Registered (${fair.timeZone})`, `Checked in (${fair.timeZone})`],
    ...rows.map((r) => [
      r.name,
      r.email,
      r.course,
      r.level ? STUDY_LEVEL_LABELS[r.level] : null,
      at(r.registeredAt),
      at(r.checkedInAt),
    ]),
  ]);
}

export type DoorOutcome =
  | { kind: "welcome"; name: string }
  | { kind: "already"; name: string; at: string }
  | { kind: "not-registered" }
  | { kind: "not-this-fair" };
export type DoorAnswer = { code: string; outcome?: DoorOutcome; error?: string };

/** What each answer's status is: the two a ticket of this door gets are 200; the rest 404, as the ticket is not here. */
const STATUS: Record<DoorOutcome["kind"], number> = {
  welcome: 200,
  already: 200,
  "not-registered": 404,
  "not-this-fair": 404,
};

/** A code typed or scanned at the door: checked in once, whatever the number of scans at once. */
export async function doorAction(request: Request, slug: string, context: Context) {
  const { admin, fair, scope } = await doorOf(context, slug);
  const typed = String((await formOf(request)).get("code") ?? "");
  const answer = (body: DoorAnswer, status: number, headers: Record<string, string> = {}) =>
    data(body, { status, headers: { ...DOOR_HEADERS, ...headers } });
  const checked = validate(CodeSchema, { code: typed });
  if (!checked.success) return answer({ code: typed.slice(0, 40), error: checked.fieldErrors.code }, 400);
  const code = shownCode(checked.data.code);
  const wait = await context.get(rateLimiterContext).spend(`career-fairs:door:${admin.id}`, DOOR_LIMIT);
  if (wait)
    return answer({ code, error: `Too many codes tried. Try again in ${Math.ceil(wait / 60)} minutes.` }, 429, {
      "Retry-After": String(wait),
    });
  const outcome = await checkIn(
    context.get(dbContext),
    { fair, scope, staffId: admin.id },
    checked.data.code,
    context.get(clockContext)(),
  );
  const shown: DoorOutcome =
    outcome.kind === "already" ? { ...outcome, at: zonedParts(outcome.at, fair.timeZone).time } : outcome;
  return answer({ code, outcome: shown }, STATUS[outcome.kind]);
}
