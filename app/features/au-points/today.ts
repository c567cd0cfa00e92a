/**
 * Today's date (YYYY-MM-DD) in Canberra: invitations are issued in Australia, so that is the
 * default invitation date, whatever the server's or the student's time zone.
 */
export function todayInAustralia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Australia/Sydney",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
