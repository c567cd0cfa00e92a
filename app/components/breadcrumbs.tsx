import { Link } from "./link";

/** Where a page sits: the links above it, then the page itself. */
export function Breadcrumbs({ trail, current }: { trail: readonly { to: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap gap-1 text-muted">
        {trail.map((step) => (
          <li key={step.to}>
            <Link to={step.to} className="underline">
              {step.label}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
