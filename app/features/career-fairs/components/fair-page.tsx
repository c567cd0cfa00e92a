import { Form, href } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary } from "~/components/form";
import { SponsorshipBadge, VerifiedSponsorBadge } from "~/features/jobs";
import type { FairAnswer, FairPageData } from "../fairs-page.server";

/**
 * /career-fairs/{slug}: the fair, the student's ticket (or the button to get one), its exhibitors
 * with their open jobs and sponsorship verdicts, and its timetable of talks.
 */
export function FairPage({ data, answer }: { data: FairPageData; answer?: FairAnswer }) {
  const { fair, exhibitors, talks, timeZone, registers, staff, ticket, waitingPlace } = data;
  const full = fair.places !== null && fair.places.left === 0;
  return (
    <div className="max-w-4xl">
      <p>
        <Link to={href("/career-fairs")} className="text-brand underline">
          All career fairs
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{fair.title}</h1>
      <p className="mt-1 text-sm font-semibold">
        {fair.platformWide ? "Open to students of every university" : "For your university's students"}
      </p>
      <p className="mt-3 text-lg">{fair.summary}</p>
      <dl className="mt-4 grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold">When</dt>
        <dd>{fair.when}</dd>
        <dt className="font-semibold">Where</dt>
        <dd>{fair.where}</dd>
        {fair.places ? (
          <>
            <dt className="font-semibold">Places</dt>
            <dd>
              {full
                ? `All ${fair.places.capacity} taken: a waiting list is open`
                : `${fair.places.left} of ${fair.places.capacity} left`}
            </dd>
          </>
        ) : null}
      </dl>
      {answer?.error ? <ErrorSummary formError={answer.error} fields={[]} answer={answer} /> : null}
      {staff ? (
        <p className="mt-4 flex flex-wrap gap-x-6">
          {staff.manage ? (
            <Link to={staff.manage} className="text-brand underline">
              Manage this fair
            </Link>
          ) : null}
          {/* A document of its own: only the door page may ask for the camera (its Permissions-Policy). */}
          <Link to={staff.door} reloadDocument className="text-brand underline">
            Check students in at the door
          </Link>
        </p>
      ) : null}

      {registers ? (
        <section aria-labelledby="ticket-heading" className="mt-8 rounded border-2 border-brand bg-white p-5">
          <h2 id="ticket-heading" className="text-2xl font-semibold">
            {fair.format === "online" ? "Your place" : "Your ticket"}
          </h2>
          {ticket ? (
            <>
              {ticket.checkedIn ? <p className="mt-2 font-semibold">You are checked in. Enjoy the fair.</p> : null}
              {ticket.qrSvg ? (
                <>
                  <p className="mt-2">Show this at the door: staff scan the QR code, or type the code below it.</p>
                  <div
                    role="img"
                    aria-label={`QR code of your ticket, ${ticket.code}`}
                    className="mt-4 w-56 border border-slate-300 bg-white"
                    // Drawn on the server by the qrcode library from the ticket's code: our own markup, no user input.
                    dangerouslySetInnerHTML={{ __html: ticket.qrSvg }}
                  />
                </>
              ) : (
                <p className="mt-2">
                  {"You are registered. "}
                  {fair.joinUrl ? (
                    <a href={fair.joinUrl} className="text-brand underline">
                      Join the fair online
                    </a>
                  ) : null}
                </p>
              )}
              <p className="mt-3">
                {"Ticket code: "}
                <strong className="font-mono text-2xl tracking-widest">{ticket.code}</strong>
              </p>
              {ticket.cancellable ? (
                <Form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="cancel" />
                  <button
                    type="submit"
                    className="rounded border-2 border-red-800 px-3 py-1 font-semibold text-red-800"
                  >
                    Give up my place
                  </button>
                </Form>
              ) : null}
            </>
          ) : fair.ended ? (
            <p className="mt-2">This fair has ended.</p>
          ) : waitingPlace !== null ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="leave-waiting-list" />
              <p>
                {`The fair is full, and you are number ${waitingPlace} on its waiting list. If a place comes up, it is yours, and we will email you your ticket.`}
              </p>
              <button
                type="submit"
                className="mt-3 rounded border-2 border-red-800 px-3 py-1 font-semibold text-red-800"
              >
                Leave the waiting list
              </button>
            </Form>
          ) : (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="register" />
              <p>
                {full
                  ? "Every place is taken. Join the waiting list: a place given up goes to the next student on it, who is emailed their ticket."
                  : "Free. You get a ticket at once: show it at the door."}
              </p>
              <button type="submit" className="mt-3 rounded bg-brand px-4 py-2 font-semibold text-white">
                {full ? "Join the waiting list" : "Register for this fair"}
              </button>
            </Form>
          )}
        </section>
      ) : null}

      <section aria-labelledby="exhibitors-heading" className="mt-10">
        <h2 id="exhibitors-heading" className="text-2xl font-semibold">
          Exhibitors
        </h2>
        {exhibitors.length === 0 ? <p className="mt-2">The exhibitors are still to be announced.</p> : null}
        <ul className="mt-4 space-y-4">
          {exhibitors.map((e) => (
            <li key={e.id} className="rounded border border-slate-300 bg-white p-4">
              <h3 className="text-lg font-semibold">{e.name}</h3>
              {e.licensedSponsor ? <VerifiedSponsorBadge className="mt-2" /> : null}
              {e.verifiedEmployer ? (
                e.jobs.length ? (
                  <ul className="mt-3 space-y-3" aria-label={`Open jobs at ${e.name}`}>
                    {e.jobs.map((j) => (
                      <li key={j.slug}>
                        <Link to={href("/jobs/:slug", { slug: j.slug })} className="text-brand underline">
                          {j.title}
                        </Link>
                        {j.town ? <span className="text-muted">{`, ${j.town}`}</span> : null}
                        <div className="mt-1">
                          <SponsorshipBadge status={j.sponsorship} />
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-muted">No open jobs on the platform just now.</p>
                )
              ) : null}
              {e.moreJobs ? (
                <p className="mt-2 text-sm">{`And ${e.moreJobs} more open ${e.moreJobs === 1 ? "job" : "jobs"}.`}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="talks-heading" className="mt-10">
        <h2 id="talks-heading" className="text-2xl font-semibold">
          Talks
        </h2>
        {talks.length === 0 ? (
          <p className="mt-2">The timetable of talks is still to be announced.</p>
        ) : (
          <p className="mt-2 text-sm text-muted">{`Times are the fair's own, in ${timeZone.replaceAll("_", " ")}.`}</p>
        )}
        {talks.length === 0 ? null : (
          <table className="mt-4 w-full text-left">
            <caption className="sr-only">{`Talks at ${fair.title}, times in ${timeZone.replaceAll("_", " ")}`}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Time
                </th>
                <th scope="col" className="py-2 pr-3">
                  Talk
                </th>
                <th scope="col" className="py-2 pr-3">
                  Speaker
                </th>
                <th scope="col" className="py-2">
                  Room
                </th>
              </tr>
            </thead>
            <tbody>
              {talks.map((t) => (
                <tr key={t.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{`${t.start} to ${t.end}`}</td>
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    {t.title}
                  </th>
                  <td className="py-2 pr-3">{t.speaker}</td>
                  <td className="py-2">{t.room ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
