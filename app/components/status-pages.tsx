import { Link } from "./link";

export function NotFound() {
  return (
    <section aria-labelledby="status-heading" className="max-w-2xl">
      <title>Page not found | Career Platform</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Error 404</p>
      <h1 id="status-heading" className="mt-2 text-3xl font-bold">
        We can't find that page
      </h1>
      <p className="mt-4">The address may be mistyped, or the page may have moved. These may help:</p>
      <ul className="mt-4 list-disc space-y-2 pl-6">
        <li>
          <Link className="text-blue-700 underline" to="/">
            Home
          </Link>
        </li>
        <li>
          <Link className="text-blue-700 underline" to="/jobs">
            Search jobs
          </Link>
        </li>
        <li>
          <Link className="text-blue-700 underline" to="/blog">
            Read career advice
          </Link>
        </li>
        <li>
          <Link className="text-blue-700 underline" to="/contact-us">
            Contact us
          </Link>
        </li>
      </ul>
    </section>
  );
}

export function ServerErrorContent() {
  return (
    <section aria-labelledby="status-heading" className="max-w-2xl">
      <title>Something went wrong | Career Platform</title>
      <h1 id="status-heading" className="text-3xl font-bold">
        Something went wrong on our side
      </h1>
      <p className="mt-4">
        We could not open this page just now. Nothing you did caused this. Wait a moment and reload the page; if it
        keeps happening,{" "}
        <Link className="text-blue-700 underline" to="/contact-us">
          tell us
        </Link>
        .
      </p>
      <p className="mt-4">
        <Link className="text-blue-700 underline" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

/** /under-maintenance, where the guard sends every page while MAINTENANCE_MODE is `on`; with it off, a line that all is working. */
export function MaintenanceContent({ on }: { on: boolean }) {
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-bold">We're improving the platform</h1>
      {on ? (
        <p className="mt-4">
          The platform is down for planned maintenance and will be back shortly. Your account and saved work are safe.
        </p>
      ) : (
        <p className="mt-4">There is no maintenance under way: everything is working.</p>
      )}
    </section>
  );
}
