import { Link } from "~/components/link";
import { spokenLength } from "./labels";

type Outline = { slug: string; modules: { title: string; lessons: string[] }[] };

/** A course's modules and lessons, each lesson marked watched or not, the current one marked. */
export function CourseOutline({
  course,
  titles,
  watched,
  current,
}: {
  course: Outline;
  titles: Record<string, { title: string; duration: number }>;
  watched: string[];
  current?: string;
}) {
  const done = new Set(watched);
  return (
    <ol className="space-y-4">
      {course.modules.map((m, mi) => {
        const count = m.lessons.filter((l) => done.has(l)).length;
        return (
          <li key={m.title}>
            <h3 className="font-semibold">{`Module ${mi + 1}: ${m.title}`}</h3>
            <p className="text-sm text-muted">{`${count} of ${m.lessons.length} lessons watched`}</p>
            <ol className="mt-1 space-y-1">
              {m.lessons.map((slug) => (
                <li key={slug} className="flex items-baseline gap-2">
                  <span aria-hidden="true" className="w-4 font-bold">
                    {done.has(slug) ? "✓" : "○"}
                  </span>
                  <Link
                    to={`/cih/premium/${course.slug}/${slug}`}
                    aria-current={slug === current ? "page" : undefined}
                    className={`text-brand underline ${slug === current ? "font-bold" : ""}`}
                  >
                    {titles[slug]?.title ?? slug}
                  </Link>
                  <span className="text-sm text-muted">
                    {titles[slug] ? spokenLength(titles[slug].duration) : ""}
                    <span className="sr-only">{done.has(slug) ? ", watched" : ", not watched yet"}</span>
                  </span>
                </li>
              ))}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}

/** "2 of 4 lessons watched" as a progress bar with its words. */
export function CourseProgress({ done, lessons, label }: { done: number; lessons: number; label: string }) {
  return (
    <div className="mt-2">
      <label className="block text-sm font-semibold">
        {`${label}: ${done} of ${lessons} lessons watched`}
        <progress value={done} max={lessons} className="mt-1 block h-3 w-full max-w-sm" />
      </label>
    </div>
  );
}
