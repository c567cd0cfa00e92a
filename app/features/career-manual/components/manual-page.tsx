import { Form } from "react-router";
import { Link } from "~/components/link";
import { formatUkDay } from "~/lib/dates";
import type { ManualAnswer, ManualData } from "../manual.server";

const INPUT = "mt-1 block w-full rounded border border-slate-500 px-3 py-2";

/** /career-manual/{university}: its pages; for its admins, the editor too. `answer` is a preview or a refused save. */
export function ManualPage({ data, answer }: { data: ManualData; answer?: ManualAnswer }) {
  const { university, edits, pages, editing } = data;
  const here = `/career-manual/${university.slug}`;
  const values = answer?.values ?? (editing ? { title: editing.title, body: editing.body } : null);
  const errors: Record<string, string> = answer?.errors ?? {};
  const showEditor = edits && (editing || answer);
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">{`Career manual: ${university.name}`}</h1>
      <p className="mt-2 text-lg">
        {edits
          ? "What your careers service wants its students to know. Your students read these pages; only your university's people can."
          : "From your university's careers service."}
      </p>
      {showEditor && values ? (
        <section aria-labelledby="editor-heading" className="mt-6 rounded border-2 border-brand bg-white p-4">
          <h2 id="editor-heading" className="text-xl font-semibold">
            {editing?.id ? "Edit the page" : "A new page"}
          </h2>
          {errors.form ? (
            <p role="alert" className="mt-2 text-red-800">
              {errors.form}
            </p>
          ) : null}
          <Form method="post" className="mt-3 space-y-4">
            {editing?.id ? <input type="hidden" name="id" value={editing.id} /> : null}
            <div>
              <label htmlFor="title" className="font-semibold">
                Title
              </label>
              <input
                id="title"
                name="title"
                defaultValue={values.title}
                maxLength={120}
                required
                className={INPUT}
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={errors.title ? "title-error" : undefined}
              />
              {errors.title ? (
                <p id="title-error" className="mt-1 text-red-800">
                  {errors.title}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="body" className="font-semibold">
                Page
              </label>
              <p id="body-hint" className="text-sm text-muted">
                Markdown: ## for a heading, - for a list, **bold**, [a link](https://…).
              </p>
              <textarea
                id="body"
                name="body"
                defaultValue={values.body}
                rows={14}
                required
                className={INPUT}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={errors.body ? "body-hint body-error" : "body-hint"}
              />
              {errors.body ? (
                <p id="body-error" className="mt-1 text-red-800">
                  {errors.body}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="save"
                className="rounded bg-brand px-4 py-2 font-semibold text-white"
              >
                Save the page
              </button>
              <button
                type="submit"
                name="intent"
                value="preview"
                className="rounded border border-brand px-4 py-2 font-semibold text-brand"
              >
                Preview
              </button>
              <Link to={here} className="px-2 py-2 text-brand underline">
                Cancel
              </Link>
            </div>
          </Form>
          {answer?.previewHtml ? (
            <section aria-labelledby="preview-heading" className="mt-6 border-t border-slate-300 pt-4">
              <h3 id="preview-heading" className="text-lg font-semibold">
                Preview (not saved yet)
              </h3>
              {/* Rendered and sanitised like the blog's articles. */}
              <div className="prose mt-2" dangerouslySetInnerHTML={{ __html: answer.previewHtml }} />
            </section>
          ) : null}
        </section>
      ) : edits ? (
        <p className="mt-6">
          <Link to={`${here}?edit=new`} className="rounded bg-brand px-4 py-2 font-semibold text-white">
            Write a new page
          </Link>
        </p>
      ) : null}
      {pages.length ? (
        <>
          <nav aria-label="Pages of the manual" className="mt-8">
            <ol className="list-decimal space-y-1 pl-6">
              {pages.map((p) => (
                <li key={p.id}>
                  <a href={`#page-${p.id}`} className="text-brand underline">
                    {p.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {pages.map((p) => (
            <section
              key={p.id}
              id={`page-${p.id}`}
              aria-labelledby={`page-${p.id}-heading`}
              className="mt-10 border-t border-slate-300 pt-6"
            >
              <h2 id={`page-${p.id}-heading`} className="text-2xl font-semibold">
                {p.title}
              </h2>
              <p className="mt-1 text-sm text-muted">{`Updated ${formatUkDay(p.updatedAt)}`}</p>
              {/* Written by the university's admins; rendered and sanitised like the blog's articles when saved. */}
              <div className="prose mt-3" dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
              {edits ? (
                <div className="mt-3 flex flex-wrap gap-3">
                  <Link
                    to={`${here}?edit=${p.id}`}
                    className="rounded border border-brand px-3 py-1 text-sm font-semibold text-brand"
                    aria-label={`Edit ${p.title}`}
                  >
                    Edit
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={p.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="delete"
                      className="rounded border border-red-800 px-3 py-1 text-sm font-semibold text-red-800"
                      aria-label={`Delete ${p.title}`}
                    >
                      Delete
                    </button>
                  </Form>
                </div>
              ) : null}
            </section>
          ))}
        </>
      ) : (
        <p className="mt-8">
          {edits
            ? "The manual has no pages yet. Write the first one: what students should do in their first term, who to talk to, and how to book an appointment."
            : "Your careers service has not written its manual yet."}
        </p>
      )}
    </article>
  );
}
