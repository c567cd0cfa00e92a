import { useEffect, useState } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { NotFound, ServerErrorContent } from "./components/status-pages";
import { accessContext } from "./features/access/context";
import { guardMiddleware } from "./features/access/guard.server";
import { dbContext } from "./db/context";
import { universityByParam } from "./features/accounts/university.server";
import { configContext } from "./lib/context";
import { describeError } from "./lib/describe-error";
import { readFlash } from "./lib/flash.server";
import { useNonce } from "./lib/nonce";
import { NOT_A_DESTINATION, routeForPattern } from "./route-table";

export const middleware: Route.MiddlewareFunction[] = [
  guardMiddleware({ routeFor: routeForPattern, notADestination: NOT_A_DESTINATION }),
];

/** Spec: the root's loading flag is true, then false after 3 seconds. */
export const LOADING_FLAG_MS = 3000;
const PRELOAD_RETRY_KEY = "preload-error-reloaded";

export async function loader({ request, params, pattern, context }: Route.LoaderArgs) {
  const { user, microsite } = context.get(accessContext);
  const config = context.get(configContext);
  const flash = readFlash(request, config);
  // On the main site, a few pages (a university's registration, its pre-departure login) wear the university's brand.
  const branded =
    microsite ??
    (routeForPattern(pattern)?.brandedByPath && params.university_id
      ? await universityByParam(context.get(dbContext), params.university_id)
      : null);
  const brand = branded && /^#[0-9a-f]{6}$/i.test(branded.brandColour) ? branded.brandColour : null;
  return data(
    {
      user: user ? { name: user.name, role: user.role } : null,
      branding: branded ? { name: branded.name, logoUrl: branded.logoUrl } : null,
      brandColour: brand,
      systemCountryId: config.SYSTEM_COUNTRY_ID,
      flash: flash.message,
    },
    { headers: flash.headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

// A stale tab after a release may fail to load a page chunk: reload once, then show the error page.
const preloadErrorScript = `window.addEventListener("vite:preloadError",function(e){e.preventDefault();try{if(sessionStorage.getItem("${PRELOAD_RETRY_KEY}")){sessionStorage.removeItem("${PRELOAD_RETRY_KEY}");location.assign("/505")}else{sessionStorage.setItem("${PRELOAD_RETRY_KEY}","1");location.reload()}}catch(_){location.reload()}});`;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    try {
      sessionStorage.removeItem(PRELOAD_RETRY_KEY);
    } catch {
      // storage may be unavailable
    }
    const timer = setTimeout(() => setLoading(false), LOADING_FLAG_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: preloadErrorScript }} />
        <Meta />
        <Links nonce={nonce} />
        {/* Not a style attribute on <html>: the Content-Security-Policy refuses those. The colour is checked to be #rrggbb. */}
        {root?.brandColour ? <style nonce={nonce}>{`:root{--brand:${root.brandColour}}`}</style> : null}
      </head>
      <body className="flex min-h-screen flex-col">
        <div className="loading-bar" data-loading={loading} aria-hidden="true" />
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <SiteHeader user={root?.user ?? null} branding={root?.branding ?? null} />
        <div role="status" aria-live="polite" className="mx-auto w-full max-w-6xl px-4">
          {root?.flash ? (
            <p className="mt-4 rounded border border-green-300 bg-green-50 px-4 py-3 text-green-900">{root.flash}</p>
          ) : null}
        </div>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none">
          {children}
        </main>
        <SiteFooter universityName={root?.branding?.name ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(describeError(error));
  return <ServerErrorContent />;
}
