import { Form, useLocation } from "react-router";
import { Link } from "~/components/link";
import { SAVED_JOBS_PATH } from "../paths";

/**
 * Save or remove a job, from a list or its page. The form posts to /my-saved-jobs and comes back
 * to the page it was on; someone not logged in is offered the login, which returns them here.
 * `saved` is null when nobody is logged in.
 */
export function SaveJobButton({ slug, title, saved }: { slug: string; title: string; saved: boolean | null }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const style = "rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-blue-50";
  if (saved === null) {
    return (
      <Link
        to={`/login?next=${encodeURIComponent(here)}`}
        className={`inline-block ${style}`}
        aria-label={`Log in to save ${title}`}
      >
        Log in to save
      </Link>
    );
  }
  return (
    <Form method="post" action={SAVED_JOBS_PATH} className="inline-block">
      <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="back" value={here} />
      <button type="submit" className={style} aria-label={`${saved ? "Remove from saved jobs" : "Save"}: ${title}`}>
        {saved ? "Saved: remove" : "Save job"}
      </button>
    </Form>
  );
}
