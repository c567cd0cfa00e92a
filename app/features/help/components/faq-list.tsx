import { Form } from "react-router";
import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";
import { FAQ_DESCRIPTION, FAQ_QUERY_MAX, type FaqItem } from "../faq";
import type { FaqCategory } from "../help-values";

type Group = { category: FaqCategory; label: string; items: FaqItem[] };

/** The FAQ's search: a GET form, so it works without JavaScript and a search is an address to share. */
export function FaqSearch({ q }: { q: string }) {
  return (
    <Form method="get" action="/faq" role="search" className="mt-6 flex flex-wrap items-end gap-3">
      <div className="flex min-w-64 flex-1 flex-col">
        <label htmlFor="faq-q" className="font-semibold">
          Search the questions
        </label>
        <p id="faq-q-hint" className="text-sm text-muted">
          Words from a question or its answer, such as &ldquo;graduate visa&rdquo; or &ldquo;delete account&rdquo;.
        </p>
        <input
          key={q}
          id="faq-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={FAQ_QUERY_MAX}
          aria-describedby="faq-q-hint"
          className="mt-1 rounded border border-slate-500 bg-white px-3 py-2"
        />
      </div>
      <button type="submit" className="rounded bg-brand px-5 py-2 font-semibold text-white hover:opacity-90">
        Search
      </button>
    </Form>
  );
}

/**
 * The questions under their categories' headings, each a disclosure (a native <details>: opened by
 * keyboard with Enter or Space, and without JavaScript). A search opens the answers it found, since
 * the answer is where the words often are.
 */
export function FaqList({ groups, open }: { groups: readonly Group[]; open: boolean }) {
  return (
    <div className="mt-8 space-y-10">
      {groups.map((g) => (
        <section key={g.category} aria-labelledby={`faq-${g.category}`}>
          <h2 id={`faq-${g.category}`} className="text-2xl font-bold">
            {g.label}
          </h2>
          <ul className="mt-4 space-y-3">
            {g.items.map((item) => (
              <li key={item.slug}>
                <details id={item.slug} open={open} className="group rounded-lg border border-slate-200 bg-white">
                  <summary className="cursor-pointer rounded-lg px-4 py-3 font-semibold hover:bg-slate-50">
                    {item.question}
                  </summary>
                  <div className="border-t border-slate-200 px-4 pb-4">
                    <div className="prose-text" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
                    <p className="mt-2 text-sm text-muted">
                      Checked <time dateTime={item.reviewed}>{formatDate(item.reviewed)}</time>
                    </p>
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** What a search that found nothing says, and where to go instead. */
export function NoMatch({ q }: { q: string }) {
  return (
    <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold">{`No question matches “${q}”`}</h2>
      <p className="mt-2">Try fewer or other words, or:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          <Link to="/faq" className="text-brand underline">
            see every question
          </Link>
        </li>
        <li>
          <Link to="/contact-us" className="text-brand underline">
            ask us through Contact us
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** /faq: the search, what it found, and the questions by category. */
export function FaqPage({
  q,
  total,
  count,
  groups,
}: {
  q: string;
  total: number;
  count: number;
  groups: readonly Group[];
}) {
  return (
    <article>
      <h1 className="text-3xl font-bold">Frequently asked questions</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{FAQ_DESCRIPTION}</p>
      <FaqSearch q={q} />
      {q ? (
        <p className="mt-4" role="status">
          {count === 0
            ? "No questions match your search."
            : `${count} of the ${total} questions ${count === 1 ? "matches" : "match"} your search.`}
        </p>
      ) : null}
      {count ? (
        <FaqList groups={groups} open={q !== ""} />
      ) : q ? (
        <NoMatch q={q} />
      ) : (
        <p className="mt-8">No questions are published yet.</p>
      )}
    </article>
  );
}
