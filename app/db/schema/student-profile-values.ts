// The values of the profile tables' enums, in a module without Drizzle so that pages can import them.

export const STUDY_LEVELS = [
  "foundation",
  "undergraduate",
  "postgraduate_taught",
  "postgraduate_research",
  "other",
] as const;
/** The visa a student holds now (UK routes first; the others apply to every country). */
export const VISA_TYPES = ["student", "graduate", "skilled_worker", "dependant", "other", "none_needed"] as const;

export type StudyLevel = (typeof STUDY_LEVELS)[number];
export type VisaType = (typeof VISA_TYPES)[number];
