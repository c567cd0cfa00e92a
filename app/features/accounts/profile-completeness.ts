import type { StudentProfile } from "~/db/schema/student-profiles";

/** What a complete profile holds, each with what to call it when missing: recommendations and the visa clock read them. */
const PARTS: { label: string; filled: (p: StudentProfile) => boolean }[] = [
  { label: "your phone number", filled: (p) => !!p.phone },
  { label: "your home country", filled: (p) => p.homeCountryId !== null },
  { label: "your course", filled: (p) => !!p.course },
  { label: "your level of study", filled: (p) => p.studyLevel !== null },
  { label: "when you graduate", filled: (p) => p.graduationDate !== null },
  { label: "your visa", filled: (p) => p.visaType !== null },
  // Someone who needs no visa has no visa end date to give.
  { label: "when your visa ends", filled: (p) => p.visaType === "none_needed" || p.visaExpiry !== null },
  { label: "the sectors you are interested in", filled: (p) => p.sectors.length > 0 },
  { label: "where you would like to work", filled: (p) => p.locations.length > 0 },
  { label: "the kinds of job you want", filled: (p) => p.jobTypes.length > 0 },
  { label: "your LinkedIn profile", filled: (p) => !!p.linkedinUrl },
];

/** How complete a student's profile is (a whole percentage) and what it still lacks, in the form's order. */
export function profileCompleteness(profile: StudentProfile | null): { percent: number; missing: string[] } {
  const missing = PARTS.filter((part) => !profile || !part.filled(profile)).map((part) => part.label);
  return { percent: Math.round((100 * (PARTS.length - missing.length)) / PARTS.length), missing };
}
