import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import { CodeSchema, ExhibitorSchema, FairSchema } from "./schema";

const FAIR = {
  title: "Spring Careers Fair",
  summary: "Employers hiring graduates, and talks on visas.",
  day: "2027-07-01",
  start: "10:00",
  end: "16:00",
  timeZone: "Europe/London",
  format: "in-person",
  venue: "Great Hall",
  joinUrl: "",
};

describe("a fair's details", () => {
  it("are times on the day in the fair's own time zone (British Summer Time here)", () => {
    const checked = validate(FairSchema, FAIR);
    expect(checked.success && checked.data.startsAt.toISOString()).toBe("2027-07-01T09:00:00.000Z");
    expect(checked.success && checked.data.endsAt.toISOString()).toBe("2027-07-01T15:00:00.000Z");
  });

  it("end after they start, in person with a place or online with an https link", () => {
    expect(validate(FairSchema, { ...FAIR, end: "10:00" })).toEqual({
      success: false,
      fieldErrors: { end: "The fair must end after it starts" },
    });
    expect(validate(FairSchema, { ...FAIR, venue: "" })).toMatchObject({ fieldErrors: { venue: expect.any(String) } });
    expect(validate(FairSchema, { ...FAIR, format: "online", joinUrl: "http://x.test" })).toMatchObject({
      fieldErrors: { joinUrl: "Enter the link to join, starting https://" },
    });
    const online = validate(FairSchema, { ...FAIR, format: "online", venue: "", joinUrl: "https://meet.test/fair" });
    expect(online.success).toBe(true);
  });
});

describe("a fair's places", () => {
  it("are a whole number from 1 to 100,000, or none for no limit", () => {
    const places = (capacity?: string) => {
      const checked = validate(FairSchema, capacity === undefined ? FAIR : { ...FAIR, capacity });
      return checked.success ? checked.data.capacity : checked.fieldErrors;
    };
    expect(places()).toBeNull();
    expect(places(" ")).toBeNull();
    expect(places(" 250 ")).toBe(250);
    expect(places("100000")).toBe(100_000);
    const refused = {
      capacity: "Enter the number of places as a whole number from 1 to 100,000, or leave it empty for no limit",
    };
    for (const bad of ["0", "-5", "2.5", "100001", "1e3", "lots"]) expect(places(bad)).toEqual(refused);
  });
});

describe("an exhibitor", () => {
  it("is a verified employer chosen or a name typed, never both or neither", () => {
    expect(validate(ExhibitorSchema, { organisation: "12", name: "" })).toEqual({
      success: true,
      data: { organisation: 12 },
    });
    expect(validate(ExhibitorSchema, { organisation: "", name: " Quayside Ltd " })).toEqual({
      success: true,
      data: { name: "Quayside Ltd" },
    });
    expect(validate(ExhibitorSchema, { organisation: "", name: "" }).success).toBe(false);
    expect(validate(ExhibitorSchema, { organisation: "12", name: "Quayside Ltd" }).success).toBe(false);
    expect(validate(ExhibitorSchema, { organisation: "twelve", name: "" }).success).toBe(false);
  });
});

describe("the door's code", () => {
  it("is read as stored, or refused with how a code looks", () => {
    expect(validate(CodeSchema, { code: "7k2m-q9xd" })).toEqual({ success: true, data: { code: "7K2MQ9XD" } });
    expect(validate(CodeSchema, { code: "7K2M" })).toEqual({
      success: false,
      fieldErrors: { code: "A ticket's code is 8 letters and digits, like 7K2M-Q9XD" },
    });
  });
});
