import { calendarFile } from "~/lib/icalendar";
import type { Milestone } from "./clock";

/**
 * The milestones as an iCalendar file: an all-day event for each, with reminders 30 and 7 days
 * before. `uidPrefix` keeps each person's events their own, so that importing the file again updates
 * them instead of adding copies.
 */
export function visaCalendar(
  milestones: readonly Milestone[],
  { uidPrefix, host, now }: { uidPrefix: string; host: string; now: Date },
): string {
  return calendarFile({
    product: "Visa clock",
    name: "My visa dates",
    now,
    events: milestones.map((m) => ({
      uid: `${uidPrefix}-${m.id}@${host}`,
      when: { day: m.date },
      summary: m.title,
      description: [
        m.detail,
        m.estimated ? "This date is an estimate." : "",
        m.source ? `Official page: ${m.source.url}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
      url: m.source?.url,
      transparent: true,
      alarms: ["P30D", "P7D"],
    })),
  });
}
