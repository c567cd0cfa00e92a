import type { HeadersFunction } from "react-router";

/** For routes whose loader or action sets headers (Retry-After, ...): React Router uses the deepest route's headers function. */
export const mergeRouteHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders]) source.forEach((value, name) => merged.set(name, value));
  return merged;
};
