import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";
import type { SuccessStory } from "../pages.server";

/** /success-stories: the published stories, with a link to share one. */
export function SuccessStoriesPage({ stories }: { stories: readonly SuccessStory[] }) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Success stories</h1>
      <p className="mt-2 max-w-3xl text-lg text-muted">
        International students on how they found their jobs: what they applied for, what worked, and what they would do
        again.
      </p>
      <p className="mt-4">
        <Link
          to="/share-your-success-story"
          className="inline-block rounded bg-brand px-5 py-2 font-semibold text-white"
        >
          Share your success story
        </Link>
      </p>
      {stories.length ? (
        <ul className="mt-8 space-y-8">
          {stories.map((s) => (
            <li key={s.id}>
              <article aria-labelledby={`story-${s.id}`} className="rounded-xl border border-slate-200 bg-white p-6">
                <h2 id={`story-${s.id}`} className="text-xl font-semibold">
                  {s.name}: {s.role} at {s.employer}
                </h2>
                <p className="mt-1 text-sm text-muted">
                  {s.course}, {s.university} · from {s.homeCountry}
                  {s.publishedOn ? (
                    <>
                      {" · "}
                      <time dateTime={s.publishedOn}>{formatDate(s.publishedOn)}</time>
                    </>
                  ) : null}
                </p>
                {s.quote ? (
                  <blockquote className="mt-4 border-l-4 border-brand pl-4 text-lg italic">{s.quote}</blockquote>
                ) : null}
                <div className="prose-text mt-4" dangerouslySetInnerHTML={{ __html: s.storyHtml }} />
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8">No stories are published yet. Be the first to share yours.</p>
      )}
    </div>
  );
}
