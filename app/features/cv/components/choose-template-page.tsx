import { Form } from "react-router";
import { Link } from "~/components/link";
import type { ChooseTemplatePageData } from "../choose-template-page.server";

/** /choose-template: each template with the person's CV in it (or the sample CV), and its button. */
export function ChooseTemplatePage({ data, answer }: { data: ChooseTemplatePageData; answer?: { error: string } }) {
  const { cv, templates } = data;
  return (
    <article className="max-w-5xl">
      <h1 className="text-3xl font-bold">Choose a CV template</h1>
      <p className="mt-2 text-muted">
        {cv
          ? `Each template with your CV “${cv.name}” in it. Your content stays the same whichever you choose.`
          : "Each template with a sample CV in it. Choose one to start your own from your profile."}
      </p>
      {answer?.error ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {answer.error}
        </p>
      ) : null}
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {templates.map((t) => {
          const current = cv?.template === t.id;
          return (
            <li
              key={t.id}
              className={`flex flex-col rounded border bg-white p-3 ${current ? "border-brand ring-2 ring-brand" : "border-slate-300"}`}
            >
              <img
                src={
                  cv
                    ? `/api/cvs/${cv.id}/pages/1?template=${t.id}&width=300&v=${cv.version}`
                    : `/api/cv-samples/${t.id}`
                }
                alt={`The first page of ${cv ? "your CV" : "a sample CV"} in the ${t.name} template`}
                width={300}
                height={t.id === "us" ? 388 : 424}
                loading="lazy"
                className="h-auto w-full border border-slate-200"
              />
              <h2 className="mt-3 text-lg font-semibold">{t.name}</h2>
              <p className="grow text-sm">{t.description}</p>
              {current ? (
                <p className="mt-3 font-semibold">
                  Your CV uses it.{" "}
                  <Link to={`/create-cv?cv=${cv.id}`} className="text-brand underline">
                    Keep writing
                  </Link>
                </p>
              ) : (
                <Form method="post" action={cv ? undefined : "/my-cvs"} className="mt-3">
                  <input type="hidden" name="template" value={t.id} />
                  {cv ? (
                    <input type="hidden" name="cv" value={cv.id} />
                  ) : (
                    <>
                      <input type="hidden" name="intent" value="create" />
                      <input type="hidden" name="from" value="profile" />
                    </>
                  )}
                  <button
                    type="submit"
                    className="rounded bg-brand px-3 py-2 font-semibold text-white"
                    aria-label={`Use the ${t.name} template`}
                  >
                    Use this template
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}
