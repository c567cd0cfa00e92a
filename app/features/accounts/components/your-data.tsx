import { Link } from "~/components/link";

/** The end of a profile page: what we hold about the person, to download or delete. */
export function YourData() {
  return (
    <section aria-labelledby="your-data-heading" className="mt-12 border-t border-slate-300 pt-6">
      <h2 id="your-data-heading" className="text-xl font-semibold">
        Your data
      </h2>
      <p className="mt-2 text-muted">Everything we hold about you is yours to take or to remove.</p>
      <ul className="mt-3 space-y-2">
        <li>
          <a href="/account/your-data.json" download className="text-brand underline">
            Download your data
          </a>{" "}
          (a JSON file)
        </li>
        <li>
          <Link to="/account/delete" className="text-brand underline">
            Delete your account
          </Link>
        </li>
      </ul>
    </section>
  );
}
