import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Link } from "~/components/link";
import { formatUkDay } from "~/lib/dates";
import type { MyCvsAnswer, MyCvsPageData } from "../my-cvs-page.server";

const BUTTON = "rounded border border-brand px-3 py-2 text-sm font-semibold text-brand";
const PRIMARY = "rounded bg-brand px-4 py-2 font-semibold text-white";

/** The undo of a deletion, while the server still takes it; then it says the time is up. */
function UndoDelete({ id, name, secondsLeft }: { id: number; name: string; secondsLeft: number }) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), secondsLeft * 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return (
    <div
      role="status"
      className="mt-4 flex flex-wrap items-center gap-3 rounded border border-slate-400 bg-slate-50 p-3"
    >
      <p>{expired ? `“${name}” is deleted.` : `“${name}” deleted. You can undo this for ${secondsLeft} seconds.`}</p>
      {expired ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="id" value={id} />
          <button type="submit" className={BUTTON}>
            Undo
          </button>
        </Form>
      )}
    </div>
  );
}

/** A one-button form for a CV. */
function CvButton({
  id,
  intent,
  label,
  children,
}: {
  id: number;
  intent: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        className={
          intent === "delete" ? "rounded border border-red-700 px-3 py-2 text-sm font-semibold text-red-800" : BUTTON
        }
        aria-label={label}
      >
        {children}
      </button>
    </Form>
  );
}

/** /my-cvs: the person's CVs with a button for each change, and the forms that start or import one. */
export function MyCvsPage({ data, answer }: { data: MyCvsPageData; answer?: MyCvsAnswer }) {
  const { cvs, deleted, max, templates } = data;
  const full = cvs.length >= max;
  return (
    <article className="max-w-4xl">
      <h1 className="text-3xl font-bold">My CVs</h1>
      <p className="mt-2 text-muted">{`Write one CV for each kind of job you apply for. You have ${cvs.length} of ${max}.`}</p>
      {answer && "error" in answer ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {answer.error}
        </p>
      ) : null}
      {answer && "imported" in answer ? (
        <div role="status" className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-3">
          <p className="font-semibold">{`Imported ${answer.imported.file}. Check what was read differently from the file:`}</p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {answer.imported.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
          <p className="mt-3">
            <Link to={answer.imported.edit} className="font-semibold text-brand underline">
              Open the imported CV
            </Link>
          </p>
        </div>
      ) : null}
      {deleted ? <UndoDelete key={deleted.id} {...deleted} /> : null}

      <section aria-labelledby="list-heading" className="mt-8">
        <h2 id="list-heading" className="text-xl font-semibold">
          Your CVs
        </h2>
        {cvs.length ? (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {cvs.map((cv) => (
              <li key={cv.id} className="flex gap-4 rounded border border-slate-300 bg-white p-4">
                {/* The name beside it says what it is: the first page is a picture of the same. */}
                <img
                  src={`/api/cvs/${cv.id}/pages/1?width=200&v=${cv.version}`}
                  alt=""
                  width={100}
                  height={cv.paper === "A4" ? 141 : 129}
                  loading="lazy"
                  className="h-auto w-24 shrink-0 self-start border border-slate-200"
                />
                <div className="min-w-0 grow">
                  <h3 className="text-lg font-semibold">
                    {cv.name}
                    {cv.isDefault ? (
                      <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">
                        Default
                      </span>
                    ) : null}
                  </h3>
                  <p className="text-sm text-muted">{`${cv.template} · last edited ${formatUkDay(cv.updatedAt)}`}</p>
                  <p className="mt-3 flex flex-wrap gap-3">
                    <Link
                      to={`/create-cv?cv=${cv.id}`}
                      className="font-semibold text-brand underline"
                      aria-label={`Edit ${cv.name}`}
                    >
                      Edit
                    </Link>
                    <Link
                      to={`/cv-preview?cv=${cv.id}`}
                      className="text-brand underline"
                      aria-label={`Preview ${cv.name}`}
                    >
                      Preview
                    </Link>
                    <Link
                      to={`/download-cv?cv=${cv.id}`}
                      className="text-brand underline"
                      aria-label={`Download ${cv.name}`}
                    >
                      Download
                    </Link>
                  </p>
                  <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="id" value={cv.id} />
                    <div className="grow">
                      <label
                        htmlFor={`name-${cv.id}`}
                        className="block text-sm font-medium"
                      >{`Name of ${cv.name}`}</label>
                      <input
                        id={`name-${cv.id}`}
                        name="name"
                        defaultValue={cv.name}
                        maxLength={120}
                        required
                        className="mt-1 w-full rounded border border-slate-500 px-3 py-2"
                      />
                    </div>
                    <button type="submit" className={BUTTON}>
                      Rename
                    </button>
                  </Form>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {full ? null : (
                      <CvButton id={cv.id} intent="duplicate" label={`Duplicate ${cv.name}`}>
                        Duplicate
                      </CvButton>
                    )}
                    {cv.isDefault ? null : (
                      <CvButton id={cv.id} intent="default" label={`Make ${cv.name} the default`}>
                        Make default
                      </CvButton>
                    )}
                    <CvButton id={cv.id} intent="delete" label={`Delete ${cv.name}`}>
                      Delete
                    </CvButton>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2">You have no CV yet. Start one below: from your profile is quickest.</p>
        )}
      </section>

      {full ? (
        <p className="mt-8">{`You have ${max} CVs, the most an account keeps. Delete one to start another.`}</p>
      ) : (
        <div className="mt-10 grid gap-8 md:grid-cols-2">
          <section aria-labelledby="new-heading">
            <h2 id="new-heading" className="text-xl font-semibold">
              Start a new CV
            </h2>
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="create" />
              <fieldset>
                <legend className="font-medium">Template</legend>
                <p className="text-sm text-muted">
                  You can change it at any time.{" "}
                  <Link to="/choose-template" className="text-brand underline">
                    Compare the templates
                  </Link>
                </p>
                <div className="mt-2 space-y-2">
                  {templates.map((t, i) => (
                    <div key={t.id} className="flex gap-2">
                      <input
                        id={`template-${t.id}`}
                        type="radio"
                        name="template"
                        value={t.id}
                        defaultChecked={i === 0}
                        className="mt-1"
                        aria-describedby={`template-${t.id}-about`}
                      />
                      <div>
                        <label htmlFor={`template-${t.id}`} className="font-semibold">
                          {t.name}
                        </label>
                        <p id={`template-${t.id}-about`} className="text-sm text-muted">
                          {t.description}
                        </p>
                      </div>
                    </div>
                  ))}
                </div>
              </fieldset>
              <fieldset>
                <legend className="font-medium">Start from</legend>
                <label className="mt-2 flex gap-2">
                  <input type="radio" name="from" value="profile" defaultChecked className="mt-1" />
                  <span>My profile (your name, contact details and course)</span>
                </label>
                <label className="mt-1 flex gap-2">
                  <input type="radio" name="from" value="empty" className="mt-1" />
                  <span>An empty CV</span>
                </label>
              </fieldset>
              <button type="submit" className={PRIMARY}>
                Create CV
              </button>
            </Form>
          </section>

          <section aria-labelledby="import-heading">
            <h2 id="import-heading" className="text-xl font-semibold">
              Import a CV
            </h2>
            <p className="mt-1 text-muted">
              A JSON Resume file (jsonresume.org), from another tool or exported here before.
            </p>
            <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="import" />
              <div>
                <label htmlFor="import-file" className="block font-medium">
                  JSON Resume file
                </label>
                <input
                  id="import-file"
                  name="file"
                  type="file"
                  accept=".json,application/json"
                  required
                  className="mt-1 block"
                />
              </div>
              <button type="submit" className={BUTTON}>
                Import
              </button>
            </Form>
          </section>
        </div>
      )}
    </article>
  );
}
