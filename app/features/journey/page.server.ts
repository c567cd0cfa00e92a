import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { requireUser } from "~/features/access/index.server";
import { siteOrigin } from "~/features/access/index.server";
import { loadProfile } from "~/features/accounts/index.server";
import { todayInLondon } from "~/lib/dates";
import { journeyStages, setTick } from "./queries.server";
import { clockContext } from "~/lib/context";
import { formOf } from "~/lib/request-body.server";
import { clockOfProfile } from "~/features/visa-clock";
import { visaCalendar } from "~/features/visa-clock";
import { OTHER_COUNTRIES } from "~/features/visa-clock";

type Context = Readonly<RouterContextProvider>;

/** The logged-in person's clock. */
async function clockOf(context: Context) {
  const user = requireUser(context);
  const { profile } = await loadProfile(context.get(dbContext), user.id);
  const today = todayInLondon(context.get(clockContext)());
  return { user, today, clock: clockOfProfile(profile, today) };
}

/** /my-journey: the stages of the journey, and the visa clock as a timeline. */
export async function loadJourney(context: Context) {
  const user = requireUser(context);
  const db = context.get(dbContext);
  const { profile } = await loadProfile(db, user.id);
  const today = todayInLondon(context.get(clockContext)());
  return {
    today,
    stages: await journeyStages(db, user.id, profile),
    clock: clockOfProfile(profile, today),
    otherCountries: OTHER_COUNTRIES,
  };
}

export type JourneyPageData = Awaited<ReturnType<typeof loadJourney>>;

/** The tick boxes of /my-journey and /jumpstart-dashboard: a step no record ticks, ticked or unticked by hand. */
export async function journeyAction(request: Request, context: Context, back = "/my-journey") {
  const user = requireUser(context);
  const form = await formOf(request);
  const step = String(form.get("step") ?? "");
  const ok = await setTick(
    context.get(dbContext),
    user.id,
    step,
    form.get("intent") === "tick",
    context.get(clockContext)(),
  );
  if (!ok)
    return data({ error: "That step cannot be ticked by hand. Reload the page and try again." }, { status: 400 });
  return redirect(`${back}#step-${step}`, 303);
}

/** /my-journey/visa-dates.ics: the same milestones as calendar reminders. */
export async function visaDatesCalendar(request: Request, context: Context): Promise<Response> {
  const { user, clock } = await clockOf(context);
  const host = new URL(siteOrigin(context)).hostname;
  const body = visaCalendar(clock.milestones, {
    uidPrefix: `visa-clock-${user.id}`,
    host,
    now: context.get(clockContext)(),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="visa-dates.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
