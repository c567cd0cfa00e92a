import { describe, expect, it } from "vitest";
import { MANUAL_STEPS, journeyOf } from "./stages";

describe("journeyOf", () => {
  it("ticks steps from events, the profile and hand ticks, and counts each stage", () => {
    const stages = journeyOf({
      events: new Set(["cv.created", "job.saved"]),
      profileComplete: false,
      visaDates: true,
      ticked: new Set(["bank-account"]),
    });
    const step = (id: string) => stages.flatMap((s) => s.steps).find((s) => s.id === id)!;
    expect([
      step("cv-created").done,
      step("cv-exported").done,
      step("job-saved").done,
      step("job-applied").done,
    ]).toEqual([true, false, true, false]);
    expect([
      step("profile-complete").done,
      step("visa-dates").done,
      step("bank-account").done,
      step("ni-number").done,
    ]).toEqual([false, true, true, false]);
    expect(stages.find((s) => s.id === "first-cv")!.done).toBe(1);
    expect(stages.map((s) => s.id)).toEqual([
      "settle-in",
      "profile",
      "first-cv",
      "applications",
      "interviews",
      "offer",
      "visa-switch",
    ]);
  });

  it("lets only the steps nothing records be ticked by hand", () => {
    expect(MANUAL_STEPS.has("bank-account")).toBe(true);
    expect(MANUAL_STEPS.has("cv-created")).toBe(false);
    const ticked = journeyOf({
      events: new Set(),
      profileComplete: false,
      visaDates: false,
      ticked: new Set(["cv-created"]),
    });
    expect(ticked.flatMap((s) => s.steps).find((s) => s.id === "cv-created")!.done).toBe(false);
  });
});
