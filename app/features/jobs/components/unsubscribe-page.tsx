import { Form } from "react-router";
import { Link } from "~/components/link";

/** The unsubscribe page: the question and its button, what was done, or why the link does nothing. */
export function UnsubscribePage({ email, done, error }: { email: string | null; done: boolean; error: string | null }) {
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold">Unsubscribe from job alerts</h1>
      {error ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : done ? (
        <div role="status" className="mt-4">
          <p>{`${email} will get no more job alert emails.`}</p>
          <p className="mt-2">
            Your saved searches are kept, paused. To start them again, log in and choose how often in{" "}
            <Link to="/my-saved-jobs" className="text-brand underline">
              My saved jobs
            </Link>
            .
          </p>
        </div>
      ) : (
        <>
          <p className="mt-4">{`Stop every job alert email to ${email}? Your saved searches stay, paused, so you can start them again later.`}</p>
          <Form method="post" className="mt-6">
            <button type="submit" className="rounded bg-brand px-5 py-2.5 font-semibold text-white">
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </article>
  );
}
