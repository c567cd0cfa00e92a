import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { requirePredepartureStudent } from "~/features/access/index.server";
import { loadProfile } from "~/features/accounts/index.server";
import { videoPaths, searchVideos } from "~/features/cih/index.server";
import { viewerOf } from "~/features/cih";
import { todayInLondon } from "~/lib/dates";
import { daysBetween } from "~/features/visa-clock";
import { clockContext } from "~/lib/context";
import { predepartureSteps } from "./queries.server";

/** /jumpstart-dashboard: the checklist before travelling, the countdown to the course, the video guide (the guard let only a pre-departure student in). */
export async function loadPredepartureDashboard(context: Readonly<RouterContextProvider>) {
  const db = context.get(dbContext);
  const user = requirePredepartureStudent(context);
  const today = todayInLondon(context.get(clockContext)());
  const [{ profile }, steps, guide, pathOf] = await Promise.all([
    loadProfile(db, user.id),
    predepartureSteps(db, user.id),
    searchVideos(db, { collection: "jumpstart" }, viewerOf(context.get(accessContext))),
    videoPaths(db),
  ]);
  const start = profile?.courseStartDate ?? null;
  return {
    firstName: user.name.split(" ")[0] ?? user.name,
    course: profile?.course ?? null,
    courseStart: start,
    daysToStart: start ? daysBetween(today, start) : null,
    steps,
    videos: guide.results.slice(0, 3).map((v) => ({ title: v.title, url: pathOf(v), duration: v.durationSeconds })),
  };
}

export type PredepartureDashboardData = Awaited<ReturnType<typeof loadPredepartureDashboard>>;
