import { Form } from "react-router";
import { Link } from "~/components/link";
import { SelectField, TextField } from "~/components/form";
import { VIDEO_LEVELS, VIDEO_TOPICS } from "~/db/schema/video-values";
import type { VideoLibraryData } from "../pages.server";
import { LEVEL_LABELS, TOPIC_LABELS } from "./labels";
import { VideoGrid } from "./video-card";

/** A video list with its search form: the standard library (/cih/standard) or the pre-departure guide at `path`. */
export function LibraryPage({ data, path }: { data: VideoLibraryData; path: string }) {
  const { values, errors, total, page, pageSize, results } = data;
  const guide = path.startsWith("/jumpstart");
  const filtered = Boolean(values.q || values.topic || values.level);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const at = (n: number) =>
    `${path}?${new URLSearchParams({ ...Object.fromEntries(Object.entries(values).filter(([, v]) => v)), page: String(n) })}`;
  return (
    <article>
      <h1 className="text-3xl font-bold">{guide ? "Employability video guide" : "Career videos"}</h1>
      <p className="mt-2 max-w-3xl text-lg">
        {guide
          ? "Short videos to watch before you travel: what to prepare for job hunting in the UK, and the rules on working while you study."
          : "Short videos on CVs, applications, interviews, networking and UK work visas. Every video has captions, a transcript you can search, and chapters."}
      </p>
      {!guide ? (
        <p className="mt-2">
          <Link to="/cih" className="text-brand underline">
            Career ignition hub home
          </Link>
        </p>
      ) : null}
      <Form
        method="get"
        className="mt-6 grid gap-4 rounded border border-slate-300 bg-white p-4 sm:grid-cols-4"
        aria-label="Search the videos"
      >
        <div className="sm:col-span-2">
          <TextField
            name="q"
            label="Search videos"
            type="search"
            defaultValue={values.q}
            maxLength={200}
            hint="Titles, summaries and everything said in the videos."
          />
        </div>
        <SelectField
          name="topic"
          label="Topic"
          options={VIDEO_TOPICS.map((t) => ({ value: t, label: TOPIC_LABELS[t] }))}
          defaultValue={values.topic}
          placeholder="Every topic"
          required={false}
        />
        <SelectField
          name="level"
          label="Level"
          options={VIDEO_LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l] }))}
          defaultValue={values.level}
          placeholder="Every level"
          required={false}
        />
        <div className="sm:col-span-4">
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white">
            Search
          </button>
        </div>
      </Form>
      {errors.length ? (
        <div role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">The search could not be run:</p>
          <ul className="list-disc pl-6">
            {errors.map((e) => (
              <li key={e.field}>{e.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <h2 className="mt-8 text-xl font-semibold" aria-live="polite">
        {total === 1 ? "1 video" : `${total} videos`}
        {filtered ? " found" : ""}
      </h2>
      {results.length ? (
        <VideoGrid videos={results} />
      ) : errors.length ? null : (
        <div className="mt-4 max-w-2xl rounded border border-slate-300 bg-white p-4">
          <p>{filtered ? "No video matches this search." : "No videos are published here yet."}</p>
          {filtered ? (
            <ul className="mt-2 list-disc pl-6">
              <li>Try fewer or more general words, such as “CV” or “interview”.</li>
              {values.topic || values.level ? (
                <li>
                  <Link
                    to={`${path}?${new URLSearchParams(values.q ? { q: values.q } : {})}`}
                    className="text-brand underline"
                  >
                    Search every topic and level
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to={path} className="text-brand underline">
                  See every video
                </Link>
              </li>
            </ul>
          ) : null}
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages of videos" className="mt-6 flex items-center gap-4">
          {page > 1 ? (
            <Link to={at(page - 1)} className="text-brand underline">
              Previous page
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={at(page + 1)} className="text-brand underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
