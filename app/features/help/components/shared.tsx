import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";

/** When the help pages' own words were last checked against the official pages they link. */
export const HELP_PAGES_CHECKED = "2026-11-25";

/** An official page outside the site, named by its title and its site. */
export function OfficialLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} className="text-brand underline" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** The line that dates a page's facts. */
export function Checked({ on = HELP_PAGES_CHECKED }: { on?: string }) {
  return (
    <p className="mt-8 text-sm text-muted">
      Checked against the official pages on <time dateTime={on}>{formatDate(on)}</time>. Rules change: check the
      official page before you rely on one.
    </p>
  );
}

/** A few cards of links, each a heading, a line and (when it needs one) the login it needs. */
export function LinkCards({
  items,
  headingLevel = 3,
}: {
  items: readonly { to: string; title: string; text: string; note?: string }[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.to} className="rounded-xl border border-slate-200 bg-white p-5">
          <Heading className="font-semibold">
            <Link to={item.to} className="text-brand underline-offset-4 hover:underline">
              {item.title}
            </Link>
          </Heading>
          <p className="mt-2 text-muted">{item.text}</p>
          {item.note ? <p className="mt-2 text-sm text-muted">{item.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The closing box of a page for organisations: book a meeting, or the page's other way in. */
export function TalkToUs({
  id,
  heading,
  text,
  other,
}: {
  id: string;
  heading: string;
  text: string;
  other: { to: string; text: string };
}) {
  return (
    <section aria-labelledby={id} className="mt-10 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={id} className="text-2xl font-bold">
        {heading}
      </h2>
      <p className="mt-2">{text}</p>
      <ul className="mt-4 flex flex-wrap gap-4">
        <li>
          <Link
            to="/book-a-meeting"
            className="inline-block rounded bg-brand px-4 py-2.5 font-semibold text-white hover:opacity-90"
          >
            Book a meeting
          </Link>
        </li>
        <li>
          <Link
            to={other.to}
            className="inline-block rounded border border-slate-500 px-4 py-2.5 font-semibold hover:bg-slate-50"
          >
            {other.text}
          </Link>
        </li>
      </ul>
    </section>
  );
}
