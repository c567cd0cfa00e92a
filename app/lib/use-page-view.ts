import { useEffect } from "react";

/** The pages whose views the analytics count: a job (by its slug), the sponsor checker, the points calculator. */
export type PageView = { page: "job"; job: string } | { page: "sponsor-checker" } | { page: "au-points" };

export const PAGE_VIEWS_PATH = "/api/page-views";

/**
 * Posts to `url` (with `form`) once the page is shown, as a beacon: a GET writes nothing, so what
 * a page's being seen records is posted by the browser that shows it, never by a prefetched link or
 * a crawler passing by. Null posts nothing.
 */
export function useBeacon(url: string | null, form: Record<string, string> = {}): void {
  const body = new URLSearchParams(form).toString();
  useEffect(() => {
    if (url) navigator.sendBeacon(url, new URLSearchParams(body));
  }, [url, body]);
}

/** Reports a page a member saw, for their university's analytics; null (a visitor) reports nothing. */
export const usePageView = (view: PageView | null) => useBeacon(view ? PAGE_VIEWS_PATH : null, view ?? {});
