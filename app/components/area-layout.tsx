import { Outlet } from "react-router";
import { NavLink } from "./link";

/** `end: false`: the link is current on the pages below it too (a page with tabs). */
export type AreaLink = { to: string; label: string; end?: boolean };

/** The frame of one area of the product (student pages, CV builder, ...): its own navigation above its pages. */
export function AreaLayout({ label, links }: { label: string; links: readonly AreaLink[] }) {
  return (
    <>
      <nav aria-label={label} className="mb-8 border-b border-slate-300 print:hidden">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end ?? true}
                className={({ isActive }) =>
                  `inline-block min-h-11 border-b-4 px-3 py-2.5 text-sm font-medium hover:border-slate-400 ${isActive ? "border-brand text-brand" : "border-transparent"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
