// Apart from the schema, so that the calculator's links (paths.ts, which every page may load) do not
// bring zod and the rules into the browser's shared file.
/**
 * The answers of the points calculator, with the names the form, the page's URL and the JSON API
 * all use. Form and URL values are strings; the API may also send numbers and booleans.
 */
export const ANSWER_NAMES = [
  "dateOfBirth",
  "invitationDate",
  "english",
  "overseasEmploymentYears",
  "australianEmploymentYears",
  "qualification",
  "specialistEducation",
  "australianStudy",
  "regionalStudy",
  "professionalYear",
  "communityLanguage",
  "partner",
] as const;
