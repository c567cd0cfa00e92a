import { href } from "react-router";
import { Link } from "~/components/link";
import type { FairsPageData } from "../fairs-page.server";

/** /career-fairs: the fairs the person may attend, soonest first, each with whether they hold a ticket. */
export function FairsPage({ data }: { data: FairsPageData }) {
  const { fairs, registers, predeparture } = data;
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">Career fairs</h1>
      <p className="mt-2 text-lg">
        {registers
          ? "Meet employers, see their open jobs and whether they sponsor visas, and hear their talks. Register for a ticket, and show it at the door."
          : "The career fairs of your university and of the platform, with their exhibitors and talks."}
      </p>
      {predeparture ? <p className="mt-2">Until you arrive, the fairs listed are the ones held online.</p> : null}
      {fairs.length === 0 ? (
        <p className="mt-6">No career fairs are planned just now. New ones appear here as they are announced.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {fairs.map((f) => (
            <li key={f.slug} className="rounded border border-slate-300 bg-white p-5">
              <h2 className="text-xl font-semibold">
                <Link to={href("/career-fairs/:slug", { slug: f.slug })} className="text-brand underline">
                  {f.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm font-semibold">
                {f.platformWide ? "Open to students of every university" : "For your university's students"}
              </p>
              <p className="mt-2">{f.summary}</p>
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold">When</dt>
                <dd>{f.when}</dd>
                <dt className="font-semibold">Where</dt>
                <dd>{f.where}</dd>
                <dt className="font-semibold">Exhibitors</dt>
                <dd>{f.exhibitors === 1 ? "1 employer" : `${f.exhibitors} employers`}</dd>
              </dl>
              {f.registered ? (
                <p className="mt-3 font-semibold">You are registered.</p>
              ) : f.waiting ? (
                <p className="mt-3 font-semibold">You are on the waiting list.</p>
              ) : f.full ? (
                <p className="mt-3 font-semibold">Full: a waiting list is open.</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
