import { useRef } from "react";
import { Form, useLocation } from "react-router";
import { Link, NavLink } from "./link";
import type { Role } from "~/lib/roles";
import { useHydrated } from "~/lib/use-hydrated";
import { DisclosureToggle, useCloseOnEscape, useCloseWhenLeft, useDisclosure } from "./disclosure";
import { type NavItem, navigationFor } from "./navigation";

export type Branding = { name: string; logoUrl: string | null } | null;

type Props = { user: { name: string; role: Role } | null; branding: Branding };

const MENU_ID = "site-menu";
const TOOLS_ID = "site-tools";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm font-medium hover:bg-black/15 ${isActive ? "bg-black/25 underline underline-offset-4" : ""}`;
// In the desktop dropdown the links are dark on white; in the small-screen menu they stay white on the brand colour.
const toolLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm font-medium hover:bg-black/15 lg:hover:bg-slate-100 ${
    isActive ? "bg-black/25 underline underline-offset-4 lg:bg-slate-200" : ""
  }`;
const BUTTON_CLASS =
  "inline-flex items-center rounded bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-slate-100";

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
      <rect x="2" y="4" width="16" height="2" rx="1" />
      <rect x="2" y="9" width="16" height="2" rx="1" />
      <rect x="2" y="14" width="16" height="2" rx="1" />
    </svg>
  );
}

/**
 * The site's header. Below the `lg` breakpoint it is one short row (brand, Menu, account) and the
 * navigation opens below it; from `lg` up the navigation sits in the row, with the Tools as a dropdown.
 */
export function SiteHeader({ user, branding }: Props) {
  const { primary, tools } = navigationFor(user?.role ?? null, branding ? "microsite" : "main");
  const hydrated = useHydrated();
  const menu = useDisclosure(MENU_ID);
  const toolsMenu = useDisclosure(TOOLS_ID);
  const nav = useRef<HTMLElement>(null);
  const toolsRegion = useRef<HTMLLIElement>(null);
  useCloseOnEscape(menu, [menu.button, nav]);
  useCloseOnEscape(toolsMenu, [toolsRegion]);
  useCloseWhenLeft(toolsMenu, toolsRegion);
  const { pathname } = useLocation();
  const onTool = tools.some((t) => pathname === t.to || pathname.startsWith(`${t.to}/`));

  // Before hydration the panels answer to :target (see DisclosureToggle); after it, to the state.
  const navShown = hydrated ? (menu.open ? "block" : "hidden") : "hidden target:block";
  const toolsShown = hydrated ? (toolsMenu.open ? "lg:grid" : "lg:hidden") : "lg:hidden lg:target:grid";

  return (
    <header className="bg-brand text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 lg:gap-x-6 lg:py-3">
        {/* On a phone the brand takes what the buttons leave, wrapping a long university name onto two lines. */}
        <Link
          to="/"
          className="flex min-w-0 flex-1 items-center gap-2 py-1 text-base leading-tight font-bold sm:text-lg lg:flex-none lg:gap-3"
        >
          {branding?.logoUrl ? (
            <img src={branding.logoUrl} alt="" width={36} height={36} className="shrink-0 rounded bg-white p-0.5" />
          ) : null}
          <span className="line-clamp-2">{branding ? `${branding.name} Careers` : "Career Platform"}</span>
        </Link>
        <DisclosureToggle
          hydrated={hydrated}
          panelId={MENU_ID}
          state={menu}
          className="inline-flex shrink-0 items-center gap-2 rounded border border-white/70 px-3 py-1.5 text-sm font-semibold hover:bg-black/15 aria-expanded:bg-black/25 lg:hidden"
        >
          <MenuIcon />
          Menu
        </DisclosureToggle>
        <nav
          ref={nav}
          id={MENU_ID}
          aria-label="Main"
          className={`${navShown} order-last w-full lg:order-none lg:block lg:w-auto`}
        >
          <ul className="grid gap-1 border-t border-white/30 py-2 sm:grid-cols-2 lg:flex lg:flex-wrap lg:border-0 lg:py-0">
            {primary.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {tools.length > 0 ? (
              <li ref={toolsRegion} className="relative sm:col-span-2 lg:col-auto">
                <span className="block px-3 pt-2 pb-1 text-xs font-semibold tracking-wide uppercase lg:hidden">
                  Tools
                </span>
                <DisclosureToggle
                  hydrated={hydrated}
                  panelId={TOOLS_ID}
                  state={toolsMenu}
                  className={`hidden items-center gap-1 rounded px-3 py-2 text-sm font-medium hover:bg-black/15 lg:flex ${
                    onTool ? "bg-black/25 underline underline-offset-4" : ""
                  }`}
                >
                  Tools
                  <span aria-hidden="true" className="text-xs">
                    ▾
                  </span>
                </DisclosureToggle>
                <ToolsList id={TOOLS_ID} items={tools} className={toolsShown} />
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-3 lg:ml-auto">
          {user ? (
            <>
              {/* Phones, and laptops whose bar is full, show the name only to screen readers. */}
              <span className="text-sm max-sm:sr-only lg:max-2xl:sr-only">
                Signed in as <strong>{user.name}</strong>
              </span>
              <Form method="post" action="/logout">
                <button type="submit" className={BUTTON_CLASS}>
                  Log out
                </button>
              </Form>
            </>
          ) : (
            <Link to="/login" className={BUTTON_CLASS}>
              Log in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

function ToolsList({ id, items, className }: { id: string; items: NavItem[]; className: string }) {
  return (
    <ul
      id={id}
      className={`grid gap-1 sm:grid-cols-2 lg:absolute lg:top-full lg:left-0 lg:z-30 lg:mt-1 lg:w-72 lg:grid-cols-1 lg:rounded lg:bg-white lg:p-1 lg:text-ink lg:shadow-lg lg:ring-1 lg:ring-black/10 ${className}`}
    >
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={toolLinkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
