import { Link } from "~/components/link";
import type { loadHub } from "../pages.server";
import { spokenLength } from "./labels";
import { VideoGrid } from "./video-card";

type HubData = Awaited<ReturnType<typeof loadHub>>;

/** /cih: continue where you left off, the courses (or what they would hold), the library, saved videos. */
export function HubPage({ data }: { data: HubData }) {
  const { signedIn, premium, unfinished, courses, library, libraryTotal, guideTotal } = data;
  return (
    <article>
      <h1 className="text-3xl font-bold">Career ignition hub</h1>
      <p className="mt-2 max-w-3xl text-lg">
        Short career videos and courses for international students: captions on every video, a transcript you can
        search, and your place kept on any device.
      </p>
      {unfinished.length ? (
        <section aria-labelledby="continue-heading" className="mt-8">
          <h2 id="continue-heading" className="text-xl font-semibold">
            Continue where you left off
          </h2>
          <ul className="mt-3 space-y-2">
            {unfinished.map((v) => (
              <li key={v.url}>
                <Link to={v.url} className="text-brand underline">
                  {v.title}
                </Link>{" "}
                <span className="text-muted">
                  ({spokenLength(v.position)} of {spokenLength(v.duration)} watched)
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="courses-heading" className="mt-8">
        <h2 id="courses-heading" className="text-xl font-semibold">
          Premium courses
        </h2>
        {premium ? (
          <p className="mt-2">
            Your university gives you the premium courses.{" "}
            <Link to="/cih/premium" className="font-semibold text-brand underline">
              Go to your courses
            </Link>
          </p>
        ) : (
          <p className="mt-2">
            Step-by-step courses with lessons, readings and checks
            {courses.length ? `: ${courses.map((c) => c.title).join(", ")}` : ""}.{" "}
            <Link to="/cih-ad" className="font-semibold text-brand underline">
              What the premium courses hold
            </Link>
          </p>
        )}
      </section>
      <section aria-labelledby="library-heading" className="mt-8">
        <h2 id="library-heading" className="text-xl font-semibold">
          Career videos
        </h2>
        <VideoGrid videos={library} />
        <p className="mt-4">
          <Link to="/cih/standard" className="font-semibold text-brand underline">
            Browse and search all {libraryTotal} videos
          </Link>
        </p>
      </section>
      <section aria-labelledby="more-heading" className="mt-8">
        <h2 id="more-heading" className="text-xl font-semibold">
          More
        </h2>
        <ul className="mt-2 list-disc pl-6">
          {signedIn ? (
            <li>
              <Link to="/cih/saved-videos" className="text-brand underline">
                Your saved videos
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/jumpstart/employability-video-guide" className="text-brand underline">
              Employability video guide for students about to travel
            </Link>{" "}
            ({guideTotal} videos)
          </li>
        </ul>
      </section>
    </article>
  );
}
