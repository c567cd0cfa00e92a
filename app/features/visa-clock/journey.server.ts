import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import type { StudentProfile } from "~/db/schema/student-profiles";
import { accessContext } from "~/features/access/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { loadProfile } from "~/features/accounts/profile.server";
import { todayInLondon } from "~/features/sponsors/freshness";
import { clockContext } from "~/lib/context";
import { addDays, monthsLater, visaClock } from "./clock";
import { visaCalendar } from "./ics";
import { OTHER_COUNTRIES } from "./rules";

type Context = Readonly<RouterContextProvider>;

/** A student's clock from their profile's visa and course dates. */
export function clockOfProfile(profile: StudentProfile | null, today: string) {
  return visaClock({
    visaType: profile?.visaType ?? null,
    visaExpiry: profile?.visaExpiry ?? null,
    // The profile keeps the graduation month as its first day.
    courseEnd: profile?.graduationDate ? addDays(monthsLater(profile.graduationDate, 1), -1) : null,
    courseEndMonthOnly: true,
    level: profile?.studyLevel ?? null,
    today,
  });
}

/** The logged-in person's clock (guard B has run). */
async function clockOf(context: Context) {
  const user = context.get(accessContext).user!;
  const { profile } = await loadProfile(context.get(dbContext), user.id);
  const today = todayInLondon(context.get(clockContext)());
  return { user, today, clock: clockOfProfile(profile, today) };
}

/** /my-journey: the visa clock as a timeline. */
export async function loadJourney(context: Context) {
  const { today, clock } = await clockOf(context);
  return { today, clock, otherCountries: OTHER_COUNTRIES };
}

/** /my-journey/visa-dates.ics: the same milestones as calendar reminders. */
export async function visaDatesCalendar(request: Request, context: Context): Promise<Response> {
  const { user, clock } = await clockOf(context);
  const host = new URL(siteOrigin(request, context)).hostname;
  const body = visaCalendar(clock.milestones, { uidPrefix: `visa-clock-${user.id}`, host, now: context.get(clockContext)() });
  return new Response(body, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'attachment; filename="visa-dates.ics"', "Cache-Control": "private, no-store" },
  });
}
