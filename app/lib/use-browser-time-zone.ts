import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * Shows a page that lists times in the visitor's own time zone: when the address names none
 * (`?tz=`), the page is asked for again in the browser's, once it runs. Without JavaScript the
 * page's own choice (and its time zone menu) stands.
 */
export function useBrowserTimeZone(zoneChosen: boolean, zone: string) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (zoneChosen) return;
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browser || browser === zone) return;
    const params = new URLSearchParams(location.search);
    params.set("tz", browser);
    void navigate(`${location.pathname}?${params}`, { replace: true, preventScrollReset: true });
  }, [zoneChosen, zone, navigate, location.pathname, location.search]);
}
