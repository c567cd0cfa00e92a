import { Form } from "react-router";
import { ErrorSummary, Honeypot, SelectField, SubmitButton, TextField } from "~/components/form";
import { errorList } from "~/lib/validation";
import { AUDIENCES, LINK_DAYS } from "../catalogue";
import type { EbookForm, EbookPageData } from "../ebook-page.server";

/** /ebook/{slug}: what the e-book holds, and the form to ask for it or, once asked, its download link. */
export function EbookPage({ data, form }: { data: EbookPageData; form?: EbookForm }) {
  const { ebook, contents, sections, reviewed, download } = data;
  const errors: Partial<Record<string, string>> = form?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = form?.values ?? {};
  return (
    <div className="grid max-w-5xl gap-10 lg:grid-cols-[1fr_22rem]">
      <article>
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">Free e-book (PDF)</p>
        <h1 className="mt-1 text-3xl font-bold">{ebook.title}</h1>
        <p className="mt-3 text-lg">{ebook.summary}</p>
        <p className="mt-2 text-sm text-muted">{`Reviewed ${reviewed.split("-").reverse().join("/")}. Made from our country guide, so it says what the guide says on the day you download it.`}</p>
        <h2 className="mt-6 text-xl font-semibold">What is inside</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {contents.map((title) => (
            <li key={title}>{title}</li>
          ))}
          {sections.length ? (
            <li>What each of the guide&apos;s sections covers, with its address on the site</li>
          ) : null}
        </ol>
        {sections.length ? (
          <p className="mt-3">{`The sections themselves (${sections.join(", ")}) are on the site for students whose university includes the country guides.`}</p>
        ) : null}
      </article>
      <aside aria-labelledby="get-heading" className="rounded border border-slate-300 bg-white p-5">
        {download ? (
          <div role="status">
            <h2 id="get-heading" className="text-xl font-semibold">
              Your e-book is ready
            </h2>
            <p className="mt-2">We have emailed you the link too. It works for {LINK_DAYS} days.</p>
            <p className="mt-4">
              <a
                href={download}
                className="inline-block rounded bg-brand px-4 py-2.5 font-semibold text-white"
                download
              >
                Download the PDF
              </a>
            </p>
          </div>
        ) : (
          <>
            <h2 id="get-heading" className="text-xl font-semibold">
              Get the e-book
            </h2>
            <p className="mt-1 text-sm text-muted">We email you a download link. We do not add you to any list.</p>
            <ErrorSummary
              formError={form?.formError}
              fields={errorList(errors, ["name", "email", "audience"])}
              answer={form}
            />
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <TextField
                name="name"
                label="Full name"
                type="text"
                autoComplete="name"
                required
                defaultValue={values.name ?? ""}
                error={errors.name}
              />
              <TextField
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                spellCheck={false}
                required
                defaultValue={values.email ?? ""}
                error={errors.email}
              />
              <SelectField
                name="audience"
                label="I am"
                options={Object.entries(AUDIENCES).map(([value, label]) => ({ value, label }))}
                defaultValue={values.audience ?? ""}
                error={errors.audience}
              />
              <Honeypot />
              <SubmitButton>Email me the e-book</SubmitButton>
            </Form>
          </>
        )}
      </aside>
    </div>
  );
}
