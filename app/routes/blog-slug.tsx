import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/blog-slug";

// Legacy slugs were moved by the root middleware before the guard ran (route-table.ts).
export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug };
}

export const meta = () => [{ title: pageTitle("Blog") }];

export default function BlogSlug() {
  return (
    <article>
      <h1 className="text-3xl font-bold">Blog</h1>
      <p className="mt-4 text-muted">Articles are on their way. Check back soon.</p>
    </article>
  );
}
