import type { Answers } from "./schema";

// Answers the calculator's and the hints' tests start from.

/** Age 30 on 2026-11-22 (25 to 32 gives 30 points), and nothing else that scores. */
export const AGE_30_ONLY: Answers = {
  dateOfBirth: "1996-05-10",
  invitationDate: "2026-11-22",
  english: "competent",
  overseasEmploymentYears: 0,
  australianEmploymentYears: 0,
  qualification: "none",
  specialistEducation: false,
  australianStudy: false,
  regionalStudy: false,
  professionalYear: false,
  communityLanguage: false,
  partner: "none",
};

/** The best answer to every factor but age (employment above the 20-point cap). */
export const BEST_OTHERWISE: Partial<Answers> = {
  english: "superior",
  overseasEmploymentYears: 5,
  australianEmploymentYears: 5,
  qualification: "doctorate",
  specialistEducation: true,
  australianStudy: true,
  regionalStudy: true,
  professionalYear: true,
  communityLanguage: true,
  partner: "skilled",
};
