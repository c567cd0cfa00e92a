import { type RouterContextProvider, data } from "react-router";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { appointmentTypes, appointments, careersAdvisers, countries, studentProfiles, users } from "~/db/schema";
import { requireUniversityAdmin } from "~/features/access/index.server";
import { STUDY_LEVEL_LABELS, VISA_TYPE_LABELS } from "~/features/accounts";
import { cvPdf, getCv, listCvs } from "~/features/cv/index.server";
import { dayLabel, zonedParts } from "~/lib/time-zones";

type Context = Readonly<RouterContextProvider>;

const NOT_FOUND = () => data(null, { status: 404 });

/**
 * The student of one of the university's appointments, while they are still its student: the one way
 * the careers service opens a student's profile and CV, from an appointment they booked with it.
 */
async function studentOf(db: Db, universityId: number, param: string | undefined) {
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : 0;
  const [row] = await db
    .select({
      appointment: {
        id: appointments.id,
        adviser: appointments.adviserUserId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        kind: appointmentTypes.name,
        zone: careersAdvisers.timeZone,
      },
      student: { id: users.id, name: users.name, email: users.email, universityId: users.universityId },
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(careersAdvisers, eq(careersAdvisers.userId, appointments.adviserUserId))
    .innerJoin(users, eq(users.id, appointments.studentUserId))
    .where(
      and(
        eq(appointments.id, id),
        eq(appointments.universityId, universityId),
        eq(users.universityId, universityId),
        ne(appointments.status, "moved"),
      ),
    );
  if (!row) throw NOT_FOUND();
  return row;
}

/** The CV a student would hand over: their default one, else the one they edited last. */
async function cvOf(db: Db, student: { id: number; universityId: number | null }) {
  const cvs = await listCvs(db, student);
  return cvs.find((c) => c.isDefault) ?? cvs[0] ?? null;
}

/** /university-dashboard/appointments/{id}/student: what the student tells the platform about themselves, and whether they have a CV. */
export async function loadAppointmentStudent(param: string | undefined, context: Context) {
  const { university } = await requireUniversityAdmin(context);
  const db = context.get(dbContext);
  const { appointment, student } = await studentOf(db, university.id, param);
  const [profile] = await db
    .select({
      course: studentProfiles.course,
      level: studentProfiles.studyLevel,
      graduation: studentProfiles.graduationDate,
      country: countries.name,
      visa: studentProfiles.visaType,
      linkedin: studentProfiles.linkedinUrl,
      sectors: studentProfiles.sectors,
      locations: studentProfiles.locations,
    })
    .from(studentProfiles)
    .leftJoin(countries, eq(countries.id, studentProfiles.homeCountryId))
    .where(eq(studentProfiles.userId, student.id));
  const cv = await cvOf(db, student);
  const zone = appointment.zone;
  return {
    appointment: {
      id: appointment.id,
      kind: appointment.kind,
      when: `${dayLabel(appointment.startsAt, zone, true)}, ${zonedParts(appointment.startsAt, zone).time} to ${zonedParts(appointment.endsAt, zone).time}`,
      day: zonedParts(appointment.startsAt, zone).day,
      adviser: appointment.adviser,
      cancelled: appointment.status === "cancelled",
    },
    student: { name: student.name, email: student.email },
    profile: profile
      ? {
          course: profile.course,
          level: profile.level ? STUDY_LEVEL_LABELS[profile.level] : null,
          graduation: profile.graduation,
          country: profile.country,
          visa: profile.visa ? VISA_TYPE_LABELS[profile.visa] : null,
          linkedin: profile.linkedin,
          sectors: profile.sectors,
          locations: profile.locations,
        }
      : null,
    cv: cv ? { name: cv.name, updatedAt: cv.updatedAt.toISOString() } : null,
  };
}
export type AppointmentStudentData = Awaited<ReturnType<typeof loadAppointmentStudent>>;

/** /university-dashboard/appointments/{id}/cv.pdf: the student's CV as a PDF, never kept by a cache. */
export async function appointmentCvFile(param: string | undefined, context: Context): Promise<Response> {
  const { university } = await requireUniversityAdmin(context);
  const db = context.get(dbContext);
  const { student } = await studentOf(db, university.id, param);
  const listed = await cvOf(db, student);
  const cv = listed && (await getCv(db, student, listed.id));
  if (!cv) throw NOT_FOUND();
  const pdf = await cvPdf(db, cv);
  const name = student.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "student";
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `inline; filename="${name}-cv.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
