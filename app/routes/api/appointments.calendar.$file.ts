import { calendarFeed } from "~/features/appointments/calendar-feed.server";
import type { Route } from "./+types/appointments.calendar.$file";

/** GET /appointments/calendar/{secret}.ics: an adviser's private calendar feed (no login: the secret is the key). */
export const loader = ({ params, context }: Route.LoaderArgs) => calendarFeed(params.file, context);
