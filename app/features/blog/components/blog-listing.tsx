import { Link } from "~/components/link";
import type { Category, ListingData } from "../listing.server";
import { CategoryNav, Pagination, PostList, SearchForm } from "./post-list";

export function BlogListing({ data, isCategoryPage }: { data: ListingData; isCategoryPage: boolean }) {
  const { heading, intro, categories, category, q, result } = data;
  const searching = q !== "" || (!isCategoryPage && category !== "");
  return (
    <div>
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-2 max-w-3xl text-lg text-muted">{intro}</p>
      <SearchForm q={q} categories={categories} category={category} />
      <CategoryNav categories={categories} current={isCategoryPage ? category : undefined} />
      <p role="status" className="mt-8 font-semibold">
        {searching
          ? `${result.total} ${result.total === 1 ? "article matches" : "articles match"} your search`
          : `${result.total} ${result.total === 1 ? "article" : "articles"}`}
        {result.pages > 1 ? `, page ${result.page} of ${result.pages}` : ""}
      </p>
      {result.posts.length ? (
        <div className="mt-4">
          <PostList posts={result.posts} />
        </div>
      ) : (
        <EmptyState q={q} categories={categories} />
      )}
      <Pagination page={result.page} pages={result.pages} search={new URLSearchParams(data.search)} />
    </div>
  );
}

function EmptyState({ q, categories }: { q: string; categories: Category[] }) {
  return (
    <div className="mt-4 max-w-2xl rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold">{q ? `No articles match “${q}”` : "No articles here yet"}</h2>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        {q ? <li>Check the spelling, or try fewer or more general words (for example “CV” or “interview”).</li> : null}
        <li>
          Browse a category:{" "}
          {categories.map((c, i) => (
            <span key={c.slug}>
              {i ? ", " : ""}
              <Link to={`/blog/${c.slug}`} className="text-brand underline">
                {c.name}
              </Link>
            </span>
          ))}
          .
        </li>
        <li>
          <Link to="/blog" className="text-brand underline">
            See every article
          </Link>
          , newest first.
        </li>
      </ul>
    </div>
  );
}
