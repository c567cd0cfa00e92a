import { Form } from "react-router";

/**
 * A failed item's two buttons: send or run it again, or give it up for good. Posted to the page
 * itself, so the list comes back with its filters; without JavaScript too.
 */
export function RetryOrGiveUp({ id, what }: { id: number; what: string }) {
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="retry"
        className="rounded bg-brand px-3 py-1 font-semibold text-white hover:opacity-90"
      >
        Retry<span className="sr-only"> {what}</span>
      </button>
      <button
        type="submit"
        name="intent"
        value="abandon"
        className="rounded border border-slate-500 px-3 py-1 font-semibold hover:bg-slate-100"
      >
        Give up<span className="sr-only"> {what}</span>
      </button>
    </Form>
  );
}

/** How long the oldest item still to be done has waited: the first thing an operator looks for. */
export function OldestWaiting({ label, age }: { label: string; age: string | null }) {
  return (
    <p className="mt-4 rounded border-2 border-slate-300 p-4 text-lg" role="status">
      <span className="font-semibold">{`${label}:`}</span>
      {` ${age ?? "nothing is waiting"}`}
    </p>
  );
}
