import type { AuthorPageData } from "../pages.server";
import { PostList } from "./post-list";

/** /author/{slug}: the author's bio and their newest articles. */
export function AuthorPage({ author, posts, total }: Pick<AuthorPageData, "author" | "posts" | "total">) {
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
