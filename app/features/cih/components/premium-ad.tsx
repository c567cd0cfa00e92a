import { Form } from "react-router";
import { Link } from "~/components/link";
import { formatUkDay } from "~/lib/dates";
import type { loadPremiumAd } from "../pages.server";

type PremiumAdData = Awaited<ReturnType<typeof loadPremiumAd>>;

/** /cih-ad: what the premium courses hold, how a university gets them, and the request to the careers service. */
export function PremiumAdPage({ data, error }: { data: PremiumAdData; error: string | null }) {
  const { premium, canRequest, requestedOn, courses } = data;
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">Premium career courses</h1>
      <p className="mt-2 text-lg">
        The premium part of the career ignition hub holds step-by-step courses: short video lessons in modules, a
        reading and a check question with each, your progress through every module, and a record of each course you
        finish.
      </p>
      {premium ? (
        <p className="mt-4 font-semibold">
          Your university gives you the premium courses.{" "}
          <Link to="/cih/premium" className="text-brand underline">
            Go to your courses
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="courses-heading" className="mt-8">
        <h2 id="courses-heading" className="text-xl font-semibold">
          What the courses cover
        </h2>
        {courses.map((c) => (
          <div key={c.title} className="mt-4 rounded border border-slate-300 bg-white p-4">
            <h3 className="text-lg font-semibold">{c.title}</h3>
            <p className="mt-1">{c.summary}</p>
            <ul className="mt-2 list-disc pl-6">
              {c.modules.map((m) => (
                <li key={m.title}>
                  {m.title} ({m.lessons === 1 ? "1 lesson" : `${m.lessons} lessons`})
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <section aria-labelledby="get-heading" className="mt-8">
        <h2 id="get-heading" className="text-xl font-semibold">
          How a university gets them
        </h2>
        <p className="mt-2">
          Universities add the premium courses to their plan for all their students. If your university has not, your
          careers service can ask us:{" "}
          <Link to="/contact-us" className="text-brand underline">
            contact us
          </Link>
          .
        </p>
        {error ? (
          <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
            {error}
          </p>
        ) : null}
        {canRequest ? (
          requestedOn ? (
            <p className="mt-4 rounded border border-slate-400 bg-slate-50 p-3">
              You told your careers service on {formatUkDay(requestedOn)} that you would like the premium courses.
            </p>
          ) : (
            <Form method="post" className="mt-4">
              <p>
                Would you like them? Tell your careers service: they see your request on their dashboard, with your name
                and email address.
              </p>
              <button
                type="submit"
                name="intent"
                value="request-premium"
                className="mt-2 rounded bg-brand px-4 py-2 font-semibold text-white"
              >
                Tell my careers service
              </button>
            </Form>
          )
        ) : null}
      </section>
      <p className="mt-8">
        <Link to="/cih/standard" className="text-brand underline">
          Watch the free career videos
        </Link>
      </p>
    </article>
  );
}
