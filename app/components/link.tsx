/* eslint-disable no-restricted-syntax -- React Router's own, wrapped here (and compared with them in the test). */
import type { Ref } from "react";
import {
  type LinkProps,
  type NavLinkProps,
  Link as RouterLink,
  NavLink as RouterNavLink,
  useLocation,
} from "react-router";

/**
 * React Router's `Link` and `NavLink`, written on the server as the anchors they render. A page has
 * some fifty links, and each of React Router's resolves its address through the route's matches and
 * sets up its click and prefetch handling, none of which a server render uses: about a tenth of a
 * home page's CPU. In the browser they are React Router's own, which hydrate the same markup
 * (link.test.tsx compares the two). Only a plain address of this site takes the short way: one
 * relative to the route, with `.` or `..` segments, repeated slashes or characters React Router
 * would encode, a prefetch, a mask or no discovery still goes through React Router.
 */
const ON_SERVER = typeof document === "undefined";

/** A path of this site written as React Router would write it back: no segment to resolve, nothing to encode. */
const PLAIN = /^\/(?!\/)(?:[A-Za-z0-9\-_~%!$&'()*+,;=:@]|\/(?![/.])|\.(?![./?#]|$))*(?:\?[^\s#]+)?(?:#\S+)?$/;

const plain = (to: LinkProps["to"]): to is string => typeof to === "string" && PLAIN.test(to);

type RouterOnly = Pick<
  LinkProps,
  | "discover"
  | "prefetch"
  | "relative"
  | "reloadDocument"
  | "replace"
  | "mask"
  | "state"
  | "preventScrollReset"
  | "viewTransition"
  | "defaultShouldRevalidate"
>;

/** The anchor's own attributes: what React Router takes for itself is not written into the page. */
function anchorProps<P extends RouterOnly>(props: P) {
  const {
    discover: _discover,
    prefetch: _prefetch,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    mask: _mask,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props;
  return rest;
}

const shortWay = (props: RouterOnly & { to: LinkProps["to"] }) =>
  ON_SERVER &&
  plain(props.to) &&
  (props.discover ?? "render") === "render" &&
  (props.prefetch ?? "none") === "none" &&
  props.mask === undefined;

export function Link(props: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  if (!shortWay(props)) return <RouterLink {...props} />;
  // In React Router's order, so that the two write the same markup.
  const { to, ref: _ref, onClick: _onClick, target, children, ...rest } = anchorProps(props);
  return (
    <a {...rest} href={to as string} target={target} data-discover="true">
      {children}
    </a>
  );
}

export function NavLink(props: NavLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  const location = useLocation();
  if (!shortWay(props)) return <RouterNavLink {...props} />;
  const {
    to,
    ref: _ref,
    onClick: _onClick,
    target,
    "aria-current": ariaCurrent = "page",
    caseSensitive = false,
    className = "",
    end = false,
    style,
    children,
    ...rest
  } = anchorProps(props);
  // As NavLink decides it, with no navigation under way on the server (nothing pending or in transition).
  let toPathname = (to as string).replace(/[?#].*$/s, "");
  let here = location.pathname;
  if (!caseSensitive) [toPathname, here] = [toPathname.toLowerCase(), here.toLowerCase()];
  const endSlash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive = here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <a
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === "function"
          ? className(state)
          : [className, isActive ? "active" : null].filter(Boolean).join(" ")
      }
      style={typeof style === "function" ? style(state) : style}
      href={to as string}
      target={target}
      data-discover="true"
    >
      {typeof children === "function" ? children(state) : children}
    </a>
  );
}
