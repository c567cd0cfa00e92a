import { Link } from "~/components/link";
import type { PostCard } from "../queries.server";
import { formatDate } from "~/lib/dates";

export function PostList({ posts, headingLevel = 2 }: { posts: PostCard[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((p) => (
        <li key={p.slug} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
          {p.coverImage ? (
            <img
              src={p.coverImage}
              alt=""
              width={1200}
              height={630}
              loading="lazy"
              className="aspect-[1200/630] w-full object-cover"
            />
          ) : null}
          <div className="flex flex-1 flex-col p-5">
            {p.categoryName ? <p className="text-sm font-semibold text-brand">{p.categoryName}</p> : null}
            <Heading className="mt-1 text-lg font-semibold">
              <Link to={`/blog/${p.slug}`} className="underline-offset-4 hover:underline">
                {p.title}
              </Link>
            </Heading>
            <p className="mt-2 flex-1 text-muted">{p.summary}</p>
            <p className="mt-4 text-sm text-muted">
              {p.publishedOn ? <time dateTime={p.publishedOn}>{formatDate(p.publishedOn)}</time> : null}
              {" · "}
              {p.readingMinutes} min read
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Page links that keep the rest of the query (search, category). */
export function Pagination({ page, pages, search }: { page: number; pages: number; search: URLSearchParams }) {
  if (pages <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const query = params.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <nav aria-label="Pages" className="mt-10">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link
              to={href(page - 1)}
              rel="prev"
              className="block rounded border border-slate-300 bg-white px-3 py-2 underline-offset-4 hover:underline"
            >
              Previous<span className="sr-only"> page</span>
            </Link>
          </li>
        ) : null}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className="block rounded bg-brand px-3 py-2 font-semibold text-white">
                <span className="sr-only">Page </span>
                {n}
              </span>
            ) : (
              <Link
                to={href(n)}
                className="block rounded border border-slate-300 bg-white px-3 py-2 underline-offset-4 hover:underline"
              >
                <span className="sr-only">Page </span>
                {n}
              </Link>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link
              to={href(page + 1)}
              rel="next"
              className="block rounded border border-slate-300 bg-white px-3 py-2 underline-offset-4 hover:underline"
            >
              Next<span className="sr-only"> page</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

type Category = { slug: string; name: string };

export function CategoryNav({ categories, current }: { categories: Category[]; current?: string }) {
  return (
    <nav aria-label="Blog categories" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to="/blog"
            aria-current={current ? undefined : "page"}
            className={`block rounded-full border px-4 py-1.5 text-sm ${current ? "border-slate-300 bg-white" : "border-brand bg-brand text-white"}`}
          >
            All articles
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.slug}>
            <Link
              to={`/blog/${c.slug}`}
              aria-current={current === c.slug ? "page" : undefined}
              className={`block rounded-full border px-4 py-1.5 text-sm ${current === c.slug ? "border-brand bg-brand text-white" : "border-slate-300 bg-white"}`}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SearchForm({ q, categories, category }: { q: string; categories: Category[]; category: string }) {
  return (
    <form method="get" action="/blog" role="search" className="mt-6 flex flex-wrap items-end gap-3">
      <div className="flex min-w-64 flex-1 flex-col">
        <label htmlFor="blog-q" className="font-semibold">
          Search articles
        </label>
        <input
          id="blog-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          className="mt-1 rounded border border-slate-400 bg-white px-3 py-2"
        />
      </div>
      <div className="flex flex-col">
        <label htmlFor="blog-category" className="font-semibold">
          Category
        </label>
        <select
          id="blog-category"
          name="category"
          defaultValue={category}
          className="mt-1 rounded border border-slate-400 bg-white px-3 py-2"
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded bg-brand px-5 py-2 font-semibold text-white">
        Search
      </button>
    </form>
  );
}
