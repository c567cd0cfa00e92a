import { Form } from "react-router";
import { Link } from "~/components/link";
import { formatUkDay } from "~/lib/dates";
import type { loadLesson } from "../pages.server";
import { CourseOutline, CourseProgress } from "./course-outline";
import { VideoScreen } from "./video-screen";

type LessonData = Awaited<ReturnType<typeof loadLesson>>;

/** /cih/premium/{course}/{lesson}: the lesson's video, reading and check, with the course's outline beside it. */
export function LessonPage({ data, error }: { data: LessonData; error: string | null }) {
  const { course, titles, progress, readingHtml, check, previous, next } = data;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
      <div>
        <p className="mb-2">
          <Link to="/cih/premium" className="text-brand underline">
            {course.title}
          </Link>
        </p>
        <VideoScreen data={data} error={error}>
          {readingHtml ? (
            <section aria-labelledby="reading-heading" className="mt-8 max-w-3xl">
              <h2 id="reading-heading" className="text-xl font-semibold">
                Reading
              </h2>
              <div className="prose mt-2" dangerouslySetInnerHTML={{ __html: readingHtml }} />
            </section>
          ) : null}
          {check ? (
            <section
              id="check"
              aria-labelledby="check-heading"
              className="mt-8 max-w-3xl rounded border border-slate-300 bg-white p-4"
            >
              <h2 id="check-heading" className="text-xl font-semibold">
                Check your understanding
              </h2>
              <Form method="post" action="#check">
                <fieldset>
                  <legend className="mt-2 font-semibold">{check.question}</legend>
                  {check.options.map((option, i) => (
                    <label key={option} className="mt-2 flex items-start gap-2">
                      <input
                        type="radio"
                        name="answer"
                        value={i}
                        defaultChecked={check.answered === i}
                        required
                        className="mt-1 h-5 w-5"
                      />
                      {option}
                    </label>
                  ))}
                </fieldset>
                <button
                  type="submit"
                  name="intent"
                  value="check"
                  className="mt-3 rounded bg-brand px-4 py-2 font-semibold text-white"
                >
                  Check my answer
                </button>
              </Form>
              {check.right !== null ? (
                <p
                  role="status"
                  className={`mt-3 rounded border-2 p-3 font-semibold ${check.right ? "border-green-700 bg-green-50 text-green-900" : "border-red-700 bg-red-50 text-red-900"}`}
                >
                  {check.right
                    ? "Right."
                    : "Not quite: watch the video again, or read the notes, and try another answer."}
                </p>
              ) : null}
            </section>
          ) : null}
          <nav aria-label="Lessons" className="mt-8 flex flex-wrap gap-4">
            {previous ? (
              <Link to={previous} className="text-brand underline">
                Previous lesson
              </Link>
            ) : null}
            {next ? (
              <Link to={next} className="font-semibold text-brand underline">
                Next lesson
              </Link>
            ) : null}
          </nav>
        </VideoScreen>
      </div>
      <aside aria-labelledby="outline-heading">
        <h2 id="outline-heading" className="text-xl font-semibold">
          {course.title}
        </h2>
        <CourseProgress done={progress.done} lessons={progress.lessons} label="Course progress" />
        {progress.completedOn ? (
          <p className="mt-2 font-semibold">Completed on {formatUkDay(progress.completedOn)}.</p>
        ) : null}
        <div className="mt-4">
          <CourseOutline course={course} titles={titles} watched={progress.watched} current={data.video.slug} />
        </div>
      </aside>
    </div>
  );
}
