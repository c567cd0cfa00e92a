import { href } from "react-router";
import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";
import type { AppointmentStudentData } from "../appointment-student.server";
import { ADVISER_DAY_PATH } from "../paths";

const LINK = "font-semibold text-brand underline";

/** /university-dashboard/appointments/{id}/student: the student of an appointment, as they describe themselves, with their CV. */
export function AppointmentStudentPage({ data }: { data: AppointmentStudentData }) {
  const { appointment, student, profile, cv } = data;
  const rows: [string, string | null][] = profile
    ? [
        ["Course", profile.course],
        ["Level of study", profile.level],
        ["Graduation", profile.graduation ? formatDate(profile.graduation) : null],
        ["Home country", profile.country],
        ["Visa", profile.visa],
        ["Sectors they look for work in", profile.sectors.join(", ") || null],
        ["Where they look for work", profile.locations.join(", ") || null],
      ]
    : [];
  return (
    <div className="max-w-3xl">
      <p>
        <Link
          to={`${ADVISER_DAY_PATH}?day=${appointment.day}&adviser=${appointment.adviser}#appointment-${appointment.id}`}
          className={LINK}
        >
          Back to the day
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{student.name}</h1>
      <p className="mt-2 break-all">{student.email}</p>
      <p className="mt-2">
        {`${appointment.kind}, ${appointment.when}${appointment.cancelled ? " (cancelled by the student)" : ""}.`}
      </p>
      <section aria-labelledby="profile-heading" className="mt-8">
        <h2 id="profile-heading" className="text-xl font-semibold">
          Their profile
        </h2>
        {profile ? (
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[16rem_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium">{label}</dt>
                <dd>{value ?? "Not given"}</dd>
              </div>
            ))}
            <div className="contents">
              <dt className="font-medium">LinkedIn</dt>
              <dd className="break-all">
                {profile.linkedin ? (
                  <a href={profile.linkedin} className={LINK} rel="noopener noreferrer">
                    {profile.linkedin}
                  </a>
                ) : (
                  "Not given"
                )}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="mt-2">They have not filled in their profile yet.</p>
        )}
      </section>
      <section aria-labelledby="cv-heading" className="mt-8">
        <h2 id="cv-heading" className="text-xl font-semibold">
          Their CV
        </h2>
        {cv ? (
          <p className="mt-2">
            <a
              href={href("/university-dashboard/appointments/:id/cv.pdf", { id: String(appointment.id) })}
              className={LINK}
            >
              {`${cv.name} (PDF)`}
            </a>
            {`, last changed ${formatDate(cv.updatedAt.slice(0, 10))}.`}
          </p>
        ) : (
          <p className="mt-2">They have not written a CV here yet.</p>
        )}
      </section>
    </div>
  );
}
