/**
 * When the team takes meetings: opening hours each weekday in the team's time zone, cut into slots.
 * Data, not code: a change of hours or a holiday is a change here.
 */
export type Availability = {
  timeZone: string;
  slotMinutes: number;
  /** Opening hours by ISO weekday (1 Monday … 7 Sunday), as "HH:MM-HH:MM" in the team's time zone. */
  weekly: Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, string[]>>;
  /** How many days ahead a meeting may be booked. */
  horizonDays: number;
  /** No slot starts sooner than this after now. */
  noticeHours: number;
  /** Days the team is away (bank holidays in England, the office closed between Christmas and New Year). */
  closed: string[];
};

export const TEAM_AVAILABILITY: Availability = {
  timeZone: "Europe/London",
  slotMinutes: 30,
  weekly: {
    1: ["10:00-12:30", "14:00-17:00"],
    2: ["09:00-12:30", "14:00-17:00"],
    3: ["10:00-12:30", "14:00-17:00"],
    4: ["09:00-12:30", "14:00-18:00"],
    5: ["10:00-13:00"],
  },
  horizonDays: 28,
  noticeHours: 24,
  closed: [
    "2026-12-24",
    "2026-12-25",
    "2026-12-28",
    "2026-12-29",
    "2026-12-30",
    "2026-12-31",
    "2027-01-01",
    "2027-03-26",
    "2027-03-29",
    "2027-05-03",
    "2027-05-31",
    "2027-08-30",
  ],
};
