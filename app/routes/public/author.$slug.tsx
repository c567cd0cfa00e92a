import { data } from "react-router";
import { PostList } from "~/features/blog/components/post-list";
import { findAuthor, listPosts } from "~/features/blog/queries.server";
import { dbContext } from "~/db/context";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import { siteOrigin } from "~/features/access/site-url.server";
import type { Route } from "./+types/author.$slug";

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const author = await findAuthor(db, params.slug);
  if (!author) throw data(null, { status: 404 });
  // Authors write a handful of posts; the newest dozen is the page.
  const { posts, total } = await listPosts(db, { page: 1, authorId: author.id });
  return { author, posts, total, origin: siteOrigin(context) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { author, origin } = loaderData;
  const url = `${origin}/author/${author.slug}`;
  return seoMeta({
    title: `${author.name}, ${author.jobTitle}`,
    description: author.summary,
    url,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ProfilePage",
        mainEntity: {
          "@type": "Person",
          name: author.name,
          jobTitle: author.jobTitle,
          description: author.summary,
          url,
        },
      },
      breadcrumbLd([
        ["Home", `${origin}/`],
        ["Blog", `${origin}/blog`],
        [author.name, url],
      ]),
    ],
  });
}

export default function Author({ loaderData }: Route.ComponentProps) {
  const { author, posts, total } = loaderData;
  return (
    <div>
      <h1 className="text-3xl font-bold">{author.name}</h1>
      <p className="mt-1 text-lg text-muted">{author.jobTitle}</p>
      <div className="prose-text mt-4" dangerouslySetInnerHTML={{ __html: author.bioHtml }} />
      <section aria-labelledby="author-posts" className="mt-10">
        <h2 id="author-posts" className="text-2xl font-bold">
          Articles by {author.name} ({total})
        </h2>
        <div className="mt-4">
          {posts.length ? <PostList posts={posts} headingLevel={3} /> : <p>No articles yet.</p>}
        </div>
      </section>
    </div>
  );
}
