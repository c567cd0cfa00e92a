/**
 * How old the register held here is. The Home Office publishes the register again as licences are
 * granted, revoked and downgraded, so a copy a few weeks old may already be wrong about an employer.
 */

/** GOV.UK's page of the register, where the current one is always published. */
export const OFFICIAL_REGISTER_URL = "https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers";

/** A register older than this many days is shown with a warning that the live one may differ. */
export const STALE_AFTER_DAYS = 14;

export type Freshness = { registerDate: string; ageDays: number; stale: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;

/**
 * The age in days of the register of `registerDate` on `today` (both YYYY-MM-DD), and whether it is
 * older than STALE_AFTER_DAYS; null without a register. A date after today counts as today's.
 */
export function registerFreshness(registerDate: string | null, today: string): Freshness | null {
  if (!registerDate) return null;
  const ageDays = Math.max(0, dayNumber(today) - dayNumber(registerDate));
  return { registerDate, ageDays, stale: ageDays > STALE_AFTER_DAYS };
}
