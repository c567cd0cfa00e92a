import { Link } from "~/components/link";
import { formatUkDay } from "~/lib/dates";
import type { ArticleData } from "../pages.server";

/** An article of the LinkedIn starter playbook (a numbered step) or of the reading list, with the ones either side. */
export function ArticlePage({ data }: { data: ArticleData }) {
  const { list, listTitle, article, previous, next, position, count } = data;
  const step = list === "linkedin-starter-playbook";
  return (
    <article className="max-w-3xl">
      <p>
        <Link to={`/jumpstart/${list}`} className="text-brand underline">
          {listTitle}
        </Link>
        {step ? ` · step ${position} of ${count}` : ""}
      </p>
      <h1 className="mt-2 text-3xl font-bold">{article.title}</h1>
      <p className="mt-2 text-sm text-muted">{`${article.readingMinutes} min read · published ${formatUkDay(`${article.publishedOn}T12:00:00Z`)}${article.revisedOn ? ` · checked ${formatUkDay(`${article.revisedOn}T12:00:00Z`)}` : ""}`}</p>
      {/* Our own Markdown, rendered and sanitised at sync like the blog. */}
      <div className="prose mt-6" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
      <nav
        aria-label={step ? "Steps" : "Articles"}
        className="mt-10 flex flex-wrap justify-between gap-4 border-t border-slate-300 pt-4"
      >
        {previous ? (
          <Link to={`/jumpstart/${list}/${previous.slug}`} className="text-brand underline">
            {`Previous: ${previous.title}`}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`/jumpstart/${list}/${next.slug}`} className="font-semibold text-brand underline">
            {`Next: ${next.title}`}
          </Link>
        ) : null}
      </nav>
    </article>
  );
}
