import { describe, expect, it } from "vitest";
import { ATS_PASS_SCORE, type RecordedEvent, awardsFrom } from "./badges";

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));
const event = (kind: string, day: number, data: Record<string, unknown> = {}): RecordedEvent => ({
  kind,
  occurredAt: at(day),
  universityId: 7,
  data,
});

describe("awardsFrom", () => {
  it("awards a badge at the event that completed it, and counts the way to the others", () => {
    const saves = [1, 2, 3, 4, 5, 6].map((d) => event("job.saved", d));
    const { awards, progress } = awardsFrom([...saves, event("job.applied", 9)]);
    expect(awards).toEqual(
      expect.arrayContaining([
        { badge: "first-job-saved", earnedAt: at(1), universityId: 7 },
        // The fifth save, not the sixth.
        { badge: "five-jobs-saved", earnedAt: at(5), universityId: 7 },
        { badge: "first-application", earnedAt: at(9), universityId: 7 },
      ]),
    );
    expect(awards).toHaveLength(3);
    expect(progress).toMatchObject({ "five-jobs-saved": 5, "five-applications": 1, "first-cv": 0 });
  });

  it("counts only the ATS checks that passed", () => {
    const { awards } = awardsFrom([
      event("cv.ats_checked", 1, { score: ATS_PASS_SCORE - 1 }),
      event("cv.ats_checked", 3, { score: ATS_PASS_SCORE }),
    ]);
    expect(awards).toEqual([{ badge: "ats-passed", earnedAt: at(3), universityId: 7 }]);
  });
});
