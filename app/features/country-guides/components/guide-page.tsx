import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";
import type { GuidePageData } from "../pages.server";

const ACCESS_NOTE = {
  visitor:
    "The sections are for students whose university includes the country guides: choosing one asks you to log in.",
  "not-included":
    "Your university's plan does not include the country guides' sections yet. Your careers service can ask us to add them.",
} as const;

/**
 * A page of a country guide, with the guide's contents beside it and the pages before and after.
 * `ebookHref`: the guide's e-book, which the ebooks feature (built on the guides) names.
 */
export function GuidePageView({ data, ebookHref }: { data: GuidePageData; ebookHref: string }) {
  const { country, name, current, pages, previous, next, access } = data;
  const href = (page: string) => `/country-guide/${country}/${page}`;
  // A visitor's choice of a section goes through its guard to the login and back.
  const linked = (page: string) => page === "overview" || access !== "not-included";
  return (
    <div className="print-bare grid gap-8 lg:grid-cols-[16rem_1fr]">
      <nav aria-label={`The ${name} guide`} className="print:hidden">
        <p className="text-sm">
          <Link to="/country-guide" className="text-brand underline">
            Country guides
          </Link>
        </p>
        <h2 className="mt-2 text-lg font-semibold">{`Working in ${name}`}</h2>
        <ol className="mt-3 space-y-1">
          {pages.map((p) => (
            <li key={p.page}>
              {p.page === current.page ? (
                <span aria-current="page" className="font-semibold">
                  {p.title}
                </span>
              ) : linked(p.page) ? (
                <Link to={href(p.page)} className="text-brand underline">
                  {p.title}
                </Link>
              ) : (
                <span className="text-muted">{p.title}</span>
              )}
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm">
          <Link to={ebookHref} className="text-brand underline">
            This guide's overview as an e-book (PDF)
          </Link>
        </p>
        {access !== "granted" ? <p className="mt-3 text-sm">{ACCESS_NOTE[access]}</p> : null}
      </nav>

      <article className="max-w-3xl">
        <p className="text-sm text-muted">{`${name} guide · ${current.page === "overview" ? "Overview" : `section ${pages.findIndex((p) => p.page === current.page)} of ${pages.length - 1}`}`}</p>
        <h1 className="mt-1 text-3xl font-bold">{current.title}</h1>
        <p className="mt-2 text-sm text-muted">
          {`Last reviewed ${formatDate(current.reviewedOn)} · ${current.readingMinutes} min read`}
          <button type="button" onClick={() => window.print()} className="ml-3 underline print:hidden">
            Print this page
          </button>
        </p>

        {current.rules.length ? (
          <section aria-labelledby="rules-heading" className="mt-6 rounded border-2 border-amber-700 bg-amber-50 p-4">
            <h2 id="rules-heading" className="text-lg font-semibold">
              Rules that change, and the dates they apply from
            </h2>
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">
                Rules stated in this page, the date each applies from, and its official page
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Rule
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Applies from
                  </th>
                  <th scope="col" className="py-1">
                    Official page
                  </th>
                </tr>
              </thead>
              <tbody>
                {current.rules.map((r) => (
                  <tr key={r.rule} className="border-t border-amber-300 align-top">
                    <td className="py-1 pr-3">{r.rule}</td>
                    <td className="py-1 pr-3 whitespace-nowrap">{formatDate(r.from)}</td>
                    <td className="py-1 break-all">
                      <a href={r.source} className="text-brand underline" rel="noopener">
                        {new URL(r.source).hostname}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-sm">Rules change: check the official page before you rely on one.</p>
          </section>
        ) : null}

        {/* Our own Markdown, rendered and sanitised at sync like the blog. */}
        <div className="prose mt-6" dangerouslySetInnerHTML={{ __html: current.bodyHtml }} />

        <section aria-labelledby="sources-heading" className="mt-8 border-t border-slate-300 pt-4">
          <h2 id="sources-heading" className="text-lg font-semibold">
            Official sources
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {current.sources.map((s) => (
              <li key={s.url}>
                <a href={s.url} className="text-brand underline" rel="noopener">
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav
          aria-label="Previous and next"
          className="mt-10 flex flex-wrap justify-between gap-4 border-t border-slate-300 pt-4 print:hidden"
        >
          {previous && linked(previous.page) ? (
            <Link to={href(previous.page)} className="text-brand underline">
              {`Previous: ${previous.title}`}
            </Link>
          ) : (
            <span />
          )}
          {next && linked(next.page) ? (
            <Link to={href(next.page)} className="font-semibold text-brand underline">
              {`Next: ${next.title}`}
            </Link>
          ) : null}
        </nav>
      </article>
    </div>
  );
}
