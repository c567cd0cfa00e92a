import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { type PostPage, listCategories, listPosts } from "./queries.server";

export type Category = { slug: string; name: string };

export type ListingData = {
  heading: string;
  intro: string;
  categories: Category[];
  /** The category page's slug, or the category filter of a search. */
  category: string;
  q: string;
  result: PostPage;
  search: string;
};

/** A page number from the query string: a positive whole number (1 when absent), else null. */
function pageParam(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

const notFound = () => data(null, { status: 404 });

/** /blog (with search and a category filter) and a category's page share this loader logic; an unknown category is a 404. */
export async function loadListing(db: Db, url: URL, categorySlug?: string): Promise<ListingData> {
  const page = pageParam(url.searchParams.get("page"));
  if (page === null) throw notFound();
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const slug = categorySlug ?? url.searchParams.get("category") ?? "";
  const categories = await listCategories(db);
  const category = slug ? categories.find((c) => c.slug === slug) : undefined;
  if (slug && !category) throw notFound();

  const result = await listPosts(db, { page, q: q || undefined, categoryId: category?.id });
  if (page > result.pages) throw notFound();
  return {
    heading: categorySlug && category ? category.name : q ? "Search the blog" : "Career advice blog",
    intro:
      category?.description ??
      "Advice on CVs, interviews, visas and the graduate job market for international students, from our careers team.",
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    category: slug,
    q,
    result,
    search: url.searchParams.toString(),
  };
}
