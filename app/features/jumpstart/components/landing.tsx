import { Link } from "~/components/link";

/** /jumpstart: the pre-departure area's public landing. */
export function JumpstartLanding({ lists }: { lists: { list: string; title: string; articles: string[] }[] }) {
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">Jumpstart: prepare before you travel</h1>
      <p className="mt-2 text-lg">
        For students who hold an offer from a UK university: get ready for job hunting and work in the UK before you
        arrive, so that your first term is not spent catching up.
      </p>
      <ul className="mt-4 list-disc space-y-1 pl-6">
        <li>A checklist of what to do before you travel, and a countdown to your course.</li>
        <li>An employability video guide, with captions and transcripts.</li>
        <li>The rules on working while you study, with the official pages.</li>
        <li>The employers with the most jobs likely to be sponsored, and part-time jobs that fit a Student visa.</li>
      </ul>
      <p className="mt-6 flex flex-wrap gap-4">
        <Link to="/jumpstart-login" className="rounded bg-brand px-4 py-2 font-semibold text-white">
          Log in to Jumpstart
        </Link>
        <Link
          to="/jumpstart/employability-video-guide"
          className="rounded border border-brand px-4 py-2 font-semibold text-brand"
        >
          Watch the video guide
        </Link>
      </p>
      <p className="mt-2 text-sm">
        Your university gives you access: its invitation or its pre-departure registration page has the link.
      </p>
      <section aria-labelledby="inside-heading" className="mt-10">
        <h2 id="inside-heading" className="text-xl font-semibold">
          What you will read inside
        </h2>
        {lists.map((l) => (
          <div key={l.list} className="mt-4">
            <h3 className="font-semibold">{l.title}</h3>
            <ul className="mt-1 list-disc pl-6">
              {l.articles.map((title) => (
                <li key={title}>{title}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </article>
  );
}
