import { useFetcher } from "react-router";
import { Link } from "~/components/link";
import { useHydrated } from "~/lib/use-hydrated";

export type SavedItem = { id: number; total: number; savedOn: string; href: string };

/**
 * The student's saved results: open one again, or delete it. One fetcher serves every delete
 * button, so its answer outlives the row it removed and can be announced.
 */
export function SavedResults({ items, action }: { items: SavedItem[]; action: string }) {
  const fetcher = useFetcher<{ message: string }>();
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="saved-heading" className="mt-10 print:hidden">
      <h2 id="saved-heading" className="text-2xl font-bold">
        Your saved results
      </h2>
      {items.length ? (
        <ul
          className="mt-3 divide-y divide-slate-200 rounded border border-slate-300 bg-white"
          data-testid="au-points-saved"
        >
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <span className="font-semibold">{item.total} points</span>
              <span className="text-muted">saved on {item.savedOn}</span>
              <Link to={item.href} className="text-brand underline">
                Open
                <span className="sr-only">
                  {" "}
                  the result of {item.total} points saved on {item.savedOn}
                </span>
              </Link>
              <fetcher.Form method="post" action={action}>
                {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  disabled={fetcher.state !== "idle"}
                  className="text-red-800 underline disabled:opacity-60"
                >
                  Delete
                  <span className="sr-only">
                    {" "}
                    the result of {item.total} points saved on {item.savedOn}
                  </span>
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">Nothing saved yet. Save a result to come back to it later.</p>
      )}
      <p role="status" className="mt-2">
        {fetcher.data?.message}
      </p>
    </section>
  );
}
