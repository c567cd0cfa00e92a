import { Link } from "~/components/link";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { SITE_NAME } from "~/lib/meta";
import { formatDate } from "~/lib/dates";
import type { PostCard, findPost } from "../queries.server";
import { PostList } from "./post-list";

type Post = NonNullable<Awaited<ReturnType<typeof findPost>>>;

/** schema.org Article for search engines. */
export function articleLd(post: Post, origin: string) {
  const url = `${origin}/blog/${post.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.summary,
    url,
    mainEntityOfPage: url,
    datePublished: post.publishedOn,
    dateModified: post.revisedOn ?? post.publishedOn,
    ...(post.coverImage ? { image: `${origin}${post.coverImage}` } : {}),
    ...(post.authorName
      ? { author: { "@type": "Person", name: post.authorName, url: `${origin}/author/${post.authorSlug}` } }
      : {}),
    publisher: { "@type": "Organization", name: SITE_NAME, url: `${origin}/` },
    ...(post.categoryName ? { articleSection: post.categoryName } : {}),
    ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
  };
}

export function PostArticle({ post, related }: { post: Post; related: PostCard[] }) {
  return (
    <div>
      <Breadcrumbs
        trail={[
          { to: "/blog", label: "Blog" },
          ...(post.categorySlug ? [{ to: `/blog/${post.categorySlug}`, label: post.categoryName ?? "" }] : []),
        ]}
        current={post.title}
      />
      <article className="mt-6">
        <header className="max-w-3xl">
          <h1 className="text-3xl font-bold sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-lg text-muted">{post.summary}</p>
          <p className="mt-4 text-sm text-muted">
            {post.authorSlug ? (
              <>
                By{" "}
                <Link to={`/author/${post.authorSlug}`} rel="author" className="font-semibold text-ink underline">
                  {post.authorName}
                </Link>
                {" · "}
              </>
            ) : null}
            {post.publishedOn ? (
              <>
                Published <time dateTime={post.publishedOn}>{formatDate(post.publishedOn)}</time>
              </>
            ) : null}
            {post.revisedOn ? (
              <>
                {" · "}Updated <time dateTime={post.revisedOn}>{formatDate(post.revisedOn)}</time>
              </>
            ) : null}
            {" · "}
            {post.readingMinutes} min read
          </p>
        </header>
        {post.coverImage ? (
          <img
            src={post.coverImage}
            alt={post.coverAlt ?? ""}
            width={1200}
            height={630}
            className="mt-6 aspect-[1200/630] w-full max-w-3xl rounded-xl object-cover"
          />
        ) : null}
        {/* Rendered from Markdown and sanitised on the server when the content was synchronised. */}
        <div className="prose-text mt-6" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
        {post.tags.length ? (
          <div className="mt-8 max-w-3xl">
            <h2 className="sr-only">Tags</h2>
            <ul className="flex flex-wrap gap-2">
              {post.tags.map((t) => (
                <li key={t}>
                  <Link
                    to={`/blog?q=${encodeURIComponent(t)}`}
                    className="block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm"
                  >
                    {t}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {post.authorSlug ? (
          <aside
            aria-labelledby="about-author"
            className="mt-10 max-w-3xl rounded-xl border border-slate-200 bg-white p-5"
          >
            <h2 id="about-author" className="font-semibold">
              About the author
            </h2>
            <p className="mt-2">
              <Link to={`/author/${post.authorSlug}`} className="font-semibold underline">
                {post.authorName}
              </Link>
              , {post.authorJobTitle}. {post.authorSummary}
            </p>
          </aside>
        ) : null}
      </article>
      {related.length ? (
        <section aria-labelledby="related" className="mt-12">
          <h2 id="related" className="text-2xl font-bold">
            Related articles
          </h2>
          <div className="mt-4">
            <PostList posts={related} headingLevel={3} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
