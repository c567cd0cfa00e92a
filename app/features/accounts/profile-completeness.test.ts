import { describe, expect, it } from "vitest";
import type { StudentProfile } from "~/db/schema/student-profiles";
import { profileCompleteness } from "./profile-completeness";

const FULL: StudentProfile = {
  userId: 1,
  phone: "+447400123456",
  homeCountryId: 104,
  course: "MSc Finance",
  studyLevel: "postgraduate_taught",
  graduationDate: "2027-09-01",
  alumniGraduationYear: null,
  courseStartDate: null,
  visaType: "student",
  visaExpiry: "2028-01-31",
  sectors: ["law"],
  locations: ["London"],
  jobTypes: ["internship"],
  linkedinUrl: "https://www.linkedin.com/in/x",
  jobAlerts: true,
  newsletters: false,
  updatedAt: new Date(0),
};

describe("profileCompleteness", () => {
  it("is 100% when every part is there, 0% without a profile, and names what is missing", () => {
    expect(profileCompleteness(FULL)).toEqual({ percent: 100, missing: [] });
    expect(profileCompleteness(null).percent).toBe(0);
    expect(profileCompleteness({ ...FULL, linkedinUrl: null, locations: [] })).toEqual({
      percent: 82,
      missing: ["where you would like to work", "your LinkedIn profile"],
    });
  });

  it("asks no visa end date of someone who needs no visa", () => {
    expect(profileCompleteness({ ...FULL, visaType: "none_needed", visaExpiry: null }).missing).toEqual([]);
  });
});
