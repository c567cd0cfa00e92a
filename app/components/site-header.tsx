import { Form, Link, NavLink } from "react-router";
import type { Role } from "~/lib/roles";
import { navigationFor } from "./navigation";

export type Branding = { name: string; logoUrl: string | null } | null;

type Props = { user: { name: string; role: Role } | null; branding: Branding };

export function SiteHeader({ user, branding }: Props) {
  const items = navigationFor(user?.role ?? null);
  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 text-sm font-medium hover:bg-black/15 ${isActive ? "bg-black/25 underline underline-offset-4" : ""}`;
  return (
    <header className="bg-brand text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-3 text-lg font-bold">
          {branding?.logoUrl ? <img src={branding.logoUrl} alt="" width={36} height={36} className="rounded bg-white p-0.5" /> : null}
          <span>{branding ? `${branding.name} Careers` : "Career Platform"}</span>
        </Link>
        <nav aria-label="Main" className="order-last w-full lg:order-none lg:w-auto">
          <ul className="flex flex-wrap gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          {user ? (
            <>
              <span className="text-sm">
                Signed in as <strong>{user.name}</strong>
              </span>
              <Form method="post" action="/logout">
                <button type="submit" className="rounded bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-slate-100">
                  Log out
                </button>
              </Form>
            </>
          ) : (
            <Link to="/login" className="rounded bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-slate-100">
              Log in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
