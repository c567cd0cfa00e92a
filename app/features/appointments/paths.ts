export const APPOINTMENTS_PATH = "/appointments";
/** The careers service's side: the adviser's day, and its settings. */
export const ADVISER_DAY_PATH = "/university-dashboard/appointments";
export const SETTINGS_PATH = "/university-dashboard/appointments/settings";
/** Where an adviser's private calendar feed is served: `${FEED_PATH}/{secret}.ics`. */
export const FEED_PATH = "/appointments/calendar";
