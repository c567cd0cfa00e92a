import { Link } from "~/components/link";
import { formatUkDay } from "~/lib/dates";
import type { loadCourses } from "../pages.server";
import { CourseOutline, CourseProgress } from "./course-outline";
import { LEVEL_LABELS } from "./labels";

type CoursesData = Awaited<ReturnType<typeof loadCourses>>;

/** /cih/premium: each course with the person's progress and what comes next. */
export function CoursesPage({ courses }: CoursesData) {
  return (
    <article>
      <h1 className="text-3xl font-bold">Premium career courses</h1>
      <p className="mt-2">
        <Link to="/cih" className="text-brand underline">
          Career ignition hub home
        </Link>
      </p>
      {courses.length ? null : <p className="mt-4">No course is published yet.</p>}
      {courses.map((c) => (
        <section
          key={c.slug}
          aria-labelledby={`course-${c.slug}`}
          className="mt-8 rounded border border-slate-300 bg-white p-4"
        >
          <h2 id={`course-${c.slug}`} className="text-2xl font-semibold">
            {c.title}
          </h2>
          <p className="mt-1 text-muted">{LEVEL_LABELS[c.level]}</p>
          <p className="mt-2">{c.summary}</p>
          <CourseProgress done={c.progress.done} lessons={c.progress.lessons} label="Your progress" />
          {c.progress.completedOn ? (
            <p className="mt-2 font-semibold">Course completed on {formatUkDay(c.progress.completedOn)}.</p>
          ) : c.progress.next ? (
            <p className="mt-3">
              <Link to={c.progress.next} className="inline-block rounded bg-brand px-4 py-2 font-semibold text-white">
                {c.progress.done ? "Continue the course" : "Start the course"}
              </Link>
            </p>
          ) : null}
          <div className="mt-4">
            <CourseOutline course={c} titles={c.titles} watched={c.progress.watched} />
          </div>
        </section>
      ))}
    </article>
  );
}
