import { describe, expect, it } from "vitest";
import {
  type Ticket,
  audienceOf,
  callableOff,
  cancellable,
  doorDecision,
  doorScope,
  registers,
  sees,
  placesLeft,
  ticketHoldersTold,
} from "./rules";

const at = (iso: string) => new Date(iso);
const fair = (universityId: number | null, format: "online" | "in-person" = "in-person") => ({
  universityId,
  format,
  startsAt: at("2027-03-04T10:00:00Z"),
  endsAt: at("2027-03-04T16:00:00Z"),
});

describe("who sees a fair", () => {
  it("shows a student their own university's fairs and the platform's, never another university's", () => {
    const student = audienceOf({ role: "student", universityId: 7, internalContent: true });
    expect(sees(student, fair(7))).toBe(true);
    expect(sees(student, fair(null))).toBe(true);
    expect(sees(student, fair(8))).toBe(false);
  });

  it("shows a pre-departure student online fairs only, and their university's only once vouched for", () => {
    const vouched = audienceOf({ role: "predeparture_student", universityId: 7, internalContent: true });
    expect(sees(vouched, fair(7, "online"))).toBe(true);
    expect(sees(vouched, fair(7, "in-person"))).toBe(false);
    expect(sees(vouched, fair(null, "in-person"))).toBe(false);
    const unknown = audienceOf({ role: "predeparture_student", universityId: 7, internalContent: false });
    expect(sees(unknown, fair(7, "online"))).toBe(false);
    expect(sees(unknown, fair(null, "online"))).toBe(true);
  });

  it("lets students and pre-departure students register, and no one else", () => {
    expect(registers("student")).toBe(true);
    expect(registers("predeparture_student")).toBe(true);
    expect(registers("university_admin")).toBe(false);
    expect(registers("employer")).toBe(false);
    expect(registers("platform_staff")).toBe(false);
  });

  it("lets a place be given up until the fair starts, unless the door has checked it in", () => {
    expect(cancellable(fair(7), { checkedInAt: null }, at("2027-03-04T09:59:59Z"))).toBe(true);
    expect(cancellable(fair(7), { checkedInAt: null }, at("2027-03-04T10:00:00Z"))).toBe(false);
    expect(cancellable(fair(7), { checkedInAt: at("2027-03-04T09:00:00Z") }, at("2027-03-04T09:30:00Z"))).toBe(false);
  });
});

describe("the door", () => {
  it("is a university's own fair's for all its tickets, a platform fair's for its own students', and not another's", () => {
    expect(doorScope(fair(7), 7)).toBeNull();
    expect(doorScope(fair(null), 7)).toBe(7);
    expect(doorScope(fair(8), 7)).toBe("none");
  });

  const ticket = (t: Partial<Ticket>): Ticket => ({ id: 1, fairId: 10, universityId: 7, ...t });

  it("answers a code of this door's ticket that the check-in did not take: already checked in", () => {
    expect(doorDecision({ fairId: 10, scope: null }, [ticket({})])).toEqual({ kind: "already", ticket: 1 });
  });

  it("finds this fair's ticket among other fairs' with the same code", () => {
    const tickets = [ticket({ id: 2, fairId: 11 }), ticket({ id: 3, fairId: 10 })];
    expect(doorDecision({ fairId: 10, scope: null }, tickets)).toEqual({ kind: "already", ticket: 3 });
  });

  it("answers a code no ticket carries 'not registered', and one only other fairs' carry 'not this fair'", () => {
    expect(doorDecision({ fairId: 10, scope: null }, [])).toEqual({ kind: "not-registered" });
    expect(doorDecision({ fairId: 10, scope: null }, [ticket({ fairId: 11 })])).toEqual({ kind: "not-this-fair" });
    expect(doorDecision({ fairId: 10, scope: 7 }, [ticket({ fairId: 11, universityId: 8 })])).toEqual({
      kind: "not-this-fair",
    });
  });

  it("at a platform fair, answers for the staff's own students only: another university's ticket is not theirs to see", () => {
    expect(doorDecision({ fairId: 10, scope: 7 }, [ticket({ universityId: 7 })])).toEqual({
      kind: "already",
      ticket: 1,
    });
    expect(doorDecision({ fairId: 10, scope: 7 }, [ticket({ universityId: 8 })])).toEqual({ kind: "not-registered" });
    expect(doorDecision({ fairId: 10, scope: 7 }, [ticket({ universityId: null })])).toEqual({
      kind: "not-registered",
    });
  });
});

describe("calling a fair off", () => {
  it("is possible until the fair starts, not from then on", () => {
    expect(callableOff(fair(1), at("2027-03-04T09:59:59Z"))).toBe(true);
    expect(callableOff(fair(1), at("2027-03-04T10:00:00Z"))).toBe(false);
    expect(callableOff(fair(1), at("2027-03-05T10:00:00Z"))).toBe(false);
  });

  it("says who is told, in words for none, one and more", () => {
    expect(ticketHoldersTold(0)).toBe("Nobody has a ticket.");
    expect(ticketHoldersTold(1)).toBe("The student with a ticket is told by email.");
    expect(ticketHoldersTold(12)).toBe("The 12 students with tickets are told by email.");
    expect(ticketHoldersTold(12, 1)).toBe(
      "The 12 students with tickets and the student on the waiting list are told by email.",
    );
    expect(ticketHoldersTold(1, 3)).toBe(
      "The student with a ticket and the 3 students on the waiting list are told by email.",
    );
  });
});

describe("a fair's places", () => {
  it("leave what its capacity has not given, none below nothing, and no limit without a capacity", () => {
    expect(placesLeft(120, 119)).toBe(1);
    expect(placesLeft(120, 120)).toBe(0);
    // A capacity is never set below the tickets held; were it, nothing is left rather than less.
    expect(placesLeft(2, 5)).toBe(0);
    expect(placesLeft(null, 10_000)).toBe(Number.POSITIVE_INFINITY);
  });
});
