import { describe, expect, it } from "vitest";
import { answersQuery } from "./paths";
import { parseAnswers, rawAnswersFrom } from "./schema";

const TODAY = "2026-11-22";
const GOOD = { dateOfBirth: "1996-05-10", english: "proficient", partner: "single_or_citizen" };

const errorsOf = (raw: Record<string, unknown>) => {
  const r = parseAnswers(raw, TODAY);
  if (r.success) throw new Error(`expected errors, got ${JSON.stringify(r.data)}`);
  return r.fieldErrors;
};
const dataOf = (raw: Record<string, unknown>) => {
  const r = parseAnswers(raw, TODAY);
  if (!r.success) throw new Error(`expected success, got ${JSON.stringify(r.fieldErrors)}`);
  return r.data;
};

describe("the calculator's answers", () => {
  it("needs only the date of birth, English and partner; the rest default to none, and the invitation to today", () => {
    expect(dataOf(GOOD)).toEqual({
      ...GOOD,
      invitationDate: TODAY,
      overseasEmploymentYears: 0,
      australianEmploymentYears: 0,
      qualification: "none",
      specialistEducation: false,
      australianStudy: false,
      regionalStudy: false,
      professionalYear: false,
      communityLanguage: false,
    });
  });

  it("reads form and URL strings and JSON values alike", () => {
    const fromStrings = dataOf({
      ...GOOD,
      overseasEmploymentYears: " 3.5 ",
      australianEmploymentYears: "",
      australianStudy: "on",
      professionalYear: "true",
      communityLanguage: "",
    });
    const fromJson = dataOf({
      ...GOOD,
      overseasEmploymentYears: 3.5,
      australianStudy: true,
      professionalYear: true,
      communityLanguage: false,
    });
    expect(fromStrings).toEqual(fromJson);
    expect(dataOf({ ...GOOD, qualification: "" }).qualification).toBe("none");
    expect(fromJson).toMatchObject({
      overseasEmploymentYears: 3.5,
      australianEmploymentYears: 0,
      australianStudy: true,
      professionalYear: true,
      communityLanguage: false,
    });
  });

  it.each([
    ["dateOfBirth", undefined, "Enter your date of birth"],
    ["dateOfBirth", "", "Enter your date of birth"],
    ["dateOfBirth", "10/05/1996", "Enter a real date in the form YYYY-MM-DD, like 2001-07-31"],
    ["dateOfBirth", "2003-02-29", "Enter a real date in the form YYYY-MM-DD, like 2001-07-31"],
    ["dateOfBirth", "2026-11-23", "Your date of birth cannot be in the future"],
    ["dateOfBirth", 19960510, "Enter your date of birth"],
    [
      "invitationDate",
      "2019-11-15",
      "This calculator knows the rules in force since 16 November 2019: choose an invitation date on or after it",
    ],
    ["english", undefined, "Choose your English level"],
    ["english", "fluent", "Choose one of: competent, proficient, superior"],
    ["partner", "", "Choose your partner situation"],
    ["partner", "married", "Choose one of: skilled, single_or_citizen, competent_english, none"],
    ["qualification", "masters", "Choose one of: none, recognised, diploma, bachelor, doctorate"],
    ["overseasEmploymentYears", -1, "Years cannot be negative"],
    ["overseasEmploymentYears", "-0.5", "Years cannot be negative"],
    [
      "australianEmploymentYears",
      "three",
      "Enter the years of Australian skilled employment as a number, like 2.5 (0 for none)",
    ],
    ["australianEmploymentYears", 10.5, "Only the 10 years before the invitation count: enter 10 or fewer"],
    [
      "australianEmploymentYears",
      true,
      "Enter the years of Australian skilled employment as a number, like 2.5 (0 for none)",
    ],
    ["professionalYear", "maybe", "Answer true or false"],
    ["professionalYear", 1, "Answer true or false"],
  ])("%s %j: %s", (field, value, message) => {
    expect(errorsOf({ ...GOOD, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts a birthday today and the first day of the rules as the invitation", () => {
    expect(dataOf({ ...GOOD, dateOfBirth: TODAY, invitationDate: "2027-01-01" }).dateOfBirth).toBe(TODAY);
    expect(dataOf({ ...GOOD, invitationDate: "2019-11-16" }).invitationDate).toBe("2019-11-16");
  });

  it("refuses an invitation on or before the date of birth", () => {
    expect(errorsOf({ ...GOOD, dateOfBirth: "2020-01-01", invitationDate: "2020-01-01" })).toEqual({
      invitationDate: "The invitation date must be after your date of birth",
    });
  });

  it("refuses regional study without the Australian study requirement", () => {
    expect(errorsOf({ ...GOOD, regionalStudy: true })).toEqual({
      regionalStudy:
        "Study in regional Australia counts only when it also meets the Australian study requirement: tick that too, or untick this",
    });
    expect(dataOf({ ...GOOD, regionalStudy: true, australianStudy: true }).regionalStudy).toBe(true);
  });

  it("reports every field at once", () => {
    expect(Object.keys(errorsOf({ english: "x", overseasEmploymentYears: -2 })).sort()).toEqual([
      "dateOfBirth",
      "english",
      "overseasEmploymentYears",
      "partner",
    ]);
    // Checks across two answers too, when those two are valid.
    expect(
      Object.keys(errorsOf({ dateOfBirth: "2020-05-01", invitationDate: "2020-04-01", regionalStudy: "on" })).sort(),
    ).toEqual(["english", "invitationDate", "partner", "regionalStudy"]);
  });
});

describe("answers in a URL", () => {
  it("leave out empty answers and read back the same", () => {
    const query = answersQuery({ ...dataOf({ ...GOOD, australianStudy: true }) });
    expect(query).toBe(
      "dateOfBirth=1996-05-10&invitationDate=2026-11-22&english=proficient&overseasEmploymentYears=0&australianEmploymentYears=0&qualification=none&australianStudy=on&partner=single_or_citizen",
    );
    expect(dataOf(rawAnswersFrom(new URLSearchParams(query)))).toEqual(dataOf({ ...GOOD, australianStudy: true }));
  });

  it("ignore other parameters", () => {
    const raw = rawAnswersFrom(new URLSearchParams("english=superior&intent=save&foo=bar"));
    expect(raw.english).toBe("superior");
    expect(Object.keys(raw)).not.toContain("intent");
  });
});
