import { pageTitle } from "~/lib/meta";

/** The frame's meta tags: its title, and noindex, since there is nothing to index yet. */
export function pageFrameMeta(title: string) {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

/** A page whose feature arrives with its own issue: its title, and a word that it is coming. */
export function PageFrame({ title, firstName }: { title: string; firstName: string | null }) {
  return (
    <article>
      <h1 className="text-3xl font-bold">{title}</h1>
      {firstName ? <p className="mt-2 text-lg">Welcome back, {firstName}.</p> : null}
      <p className="mt-4 max-w-2xl text-muted">This part of the platform is being built. Check back soon.</p>
    </article>
  );
}
