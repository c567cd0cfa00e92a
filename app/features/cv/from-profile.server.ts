import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { countries, studentProfiles, universities, users } from "~/db/schema";
import type { StudyLevel } from "~/db/schema/student-profile-values";
import { CvDocument, type TemplateId, emptyDocument } from "./document";

const STUDY_TYPES: Record<StudyLevel, string> = {
  foundation: "Foundation year",
  undergraduate: "Bachelor's degree",
  postgraduate_taught: "Master's degree",
  postgraduate_research: "Doctorate (PhD)",
  other: "",
};

/**
 * "Start from my profile": the basics (name, email, phone, LinkedIn) and the course at the student's
 * university, as the account holds them. The home country is not written: a UK CV leaves out what
 * invites discrimination, and the student adds it where a template asks.
 */
export async function documentFromProfile(db: Db, userId: number, template: TemplateId): Promise<CvDocument> {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      phone: studentProfiles.phone,
      course: studentProfiles.course,
      level: studentProfiles.studyLevel,
      graduationDate: studentProfiles.graduationDate,
      courseStartDate: studentProfiles.courseStartDate,
      linkedin: studentProfiles.linkedinUrl,
      university: universities.name,
      countryCode: countries.iso2,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .leftJoin(universities, eq(universities.id, users.universityId))
    .leftJoin(countries, eq(countries.id, universities.countryId))
    .where(eq(users.id, userId));
  const doc = emptyDocument(template);
  if (!row) return doc;
  const linkedin = row.linkedin
    ? [
        {
          id: "p1",
          network: "LinkedIn",
          username: row.linkedin.replace(/^https?:\/\/(www\.)?linkedin\.com\/in\//i, "").replace(/\/$/, ""),
          url: row.linkedin,
        },
      ]
    : [];
  const education =
    row.university || row.course
      ? [
          {
            id: "e1",
            institution: row.university ?? "",
            area: row.course ?? "",
            studyType: row.level ? STUDY_TYPES[row.level] : "",
            start: row.courseStartDate?.slice(0, 7) ?? "",
            end: row.graduationDate?.slice(0, 7) ?? "",
            location: "",
          },
        ]
      : [];
  return CvDocument.parse({
    ...doc,
    basics: {
      ...doc.basics,
      name: row.name,
      email: row.email,
      phone: row.phone ?? "",
      location: { ...doc.basics.location, countryCode: row.countryCode ?? "" },
      profiles: linkedin,
    },
    education,
  });
}
