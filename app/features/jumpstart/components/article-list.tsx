import { Link } from "~/components/link";
import { formatUkDay } from "~/lib/dates";
import type { ArticleListData } from "../pages.server";

/** A list of pre-departure articles; the resources list shows every article whole, on the page. */
export function ArticleListPage({ data }: { data: ArticleListData }) {
  const { list, title, intro, articles } = data;
  const whole = list === "resources";
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-lg">{intro}</p>
      {articles.length === 0 ? <p className="mt-6">Nothing is published here yet.</p> : null}
      <nav aria-label={whole ? "On this page" : title} className="mt-6">
        <ol className={whole ? "list-decimal space-y-1 pl-6" : "space-y-4"}>
          {articles.map((a) =>
            whole ? (
              <li key={a.slug}>
                <a href={`#${a.slug}`} className="text-brand underline">
                  {a.title}
                </a>
              </li>
            ) : (
              <li key={a.slug} className="rounded border border-slate-300 bg-white p-4">
                <h2 className="text-lg font-semibold">
                  <Link to={`/jumpstart/${list}/${a.slug}`} className="text-brand underline">
                    {a.title}
                  </Link>
                </h2>
                <p className="mt-1">{a.summary}</p>
                <p className="mt-1 text-sm text-muted">{`${a.readingMinutes} min read`}</p>
              </li>
            ),
          )}
        </ol>
      </nav>
      {whole
        ? articles.map((a) => (
            <section
              key={a.slug}
              id={a.slug}
              aria-labelledby={`${a.slug}-heading`}
              className="mt-10 border-t border-slate-300 pt-6"
            >
              <h2 id={`${a.slug}-heading`} className="text-2xl font-semibold">
                {a.title}
              </h2>
              <p className="mt-1 text-sm text-muted">{`${a.readingMinutes} min read · checked ${formatUkDay(`${a.revisedOn}T12:00:00Z`)}`}</p>
              {/* Our own Markdown, rendered and sanitised at sync like the blog; its headings start at h2, nested here under this one. */}
              <div className="prose mt-3 [&_h2]:text-xl" dangerouslySetInnerHTML={{ __html: a.bodyHtml! }} />
            </section>
          ))
        : null}
    </article>
  );
}
