const MOMENT = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

/** A moment as the console shows it, in UK time ("28 Nov 2026, 10:45"). */
export const momentText = (at: Date | string | null) => (at ? MOMENT.format(new Date(at)) : "");

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** How long something has waited, to the minute and in its two largest units ("2 hours 5 minutes"). */
export function ageText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const [days, hours, mins] = [Math.floor(minutes / 1_440), Math.floor(minutes / 60) % 24, minutes % 60];
  if (days) return hours ? `${plural(days, "day")} ${plural(hours, "hour")}` : plural(days, "day");
  if (hours) return mins ? `${plural(hours, "hour")} ${plural(mins, "minute")}` : plural(hours, "hour");
  return plural(mins, "minute");
}
