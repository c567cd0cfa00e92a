import { Link } from "~/components/link";
import { formatUkDay } from "~/lib/dates";
import type { EarnedBadge, OpenBadge } from "../queries.server";

/** /achievements: the next badge to earn, those earned, and the rest. */
export function AchievementsPage({ earned, open }: { earned: EarnedBadge[]; open: OpenBadge[] }) {
  const [next, ...rest] = open;
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">Achievements</h1>
      <p className="mt-2 text-lg">
        Badges for what you have done on the platform: each is earned by a real step in your job search.
      </p>
      {next ? (
        <section aria-labelledby="next-heading" className="mt-6 rounded border-2 border-brand bg-white p-4">
          <h2 id="next-heading" className="text-xl font-semibold">
            {`Next: ${next.title}`}
          </h2>
          <p className="mt-1">{next.howTo}</p>
          {next.count > 1 ? <p className="mt-1 text-sm">{`${next.done} of ${next.count} done`}</p> : null}
          <p className="mt-2">
            <Link to={next.link} className="font-semibold text-brand underline">
              Go there
            </Link>
          </p>
        </section>
      ) : null}
      <section aria-labelledby="earned-heading" className="mt-8">
        <h2 id="earned-heading" className="text-xl font-semibold">
          {earned.length ? `Earned (${earned.length})` : "Earned"}
        </h2>
        {earned.length ? (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {earned.map((b) => (
              <li key={b.id} className="rounded border border-slate-300 bg-white p-4">
                <h3 className="font-semibold">
                  <span aria-hidden="true">★ </span>
                  {b.title}
                </h3>
                <p className="mt-1">{b.description}</p>
                <p className="mt-1 text-sm text-muted">{`Earned on ${formatUkDay(b.earnedAt)}`}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2">None yet. Your first is one step away: start with the one above.</p>
        )}
      </section>
      {rest.length ? (
        <section aria-labelledby="open-heading" className="mt-8">
          <h2 id="open-heading" className="text-xl font-semibold">
            Still to earn
          </h2>
          <ul className="mt-3 space-y-2">
            {rest.map((b) => (
              <li key={b.id}>
                <Link to={b.link} className="font-semibold text-brand underline">
                  {b.title}
                </Link>
                {`: ${b.howTo}${b.count > 1 ? ` (${b.done} of ${b.count} done)` : ""}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
