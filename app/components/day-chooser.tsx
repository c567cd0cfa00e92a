import { Link } from "./link";

/** The days of a booking page that have times, as links (`hrefFor` keeps the page's other choices). */
export function DayChooser({
  days,
  current,
  hrefFor,
  label,
  counted,
  heading: Heading = "h2",
}: {
  days: readonly { day: string; label: string; count: number }[];
  current: string | undefined;
  hrefFor: (day: string) => string;
  /** The navigation's name for assistive technology ("Days with open times"). */
  label: string;
  /** What a day's count is of ("open", "free"). */
  counted: string;
  heading?: "h2" | "h3";
}) {
  return (
    <nav aria-label={label} className="mt-6">
      <Heading className="text-lg font-semibold">Choose a day</Heading>
      <ul className="mt-2 flex flex-wrap gap-2">
        {days.map((d) => (
          <li key={d.day}>
            <Link
              to={hrefFor(d.day)}
              preventScrollReset
              aria-current={d.day === current ? "true" : undefined}
              className={`block rounded border px-3 py-2 ${d.day === current ? "border-brand bg-brand font-semibold text-white" : "border-slate-400 bg-white text-brand underline"}`}
            >
              {`${d.label} (${d.count} ${counted})`}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
