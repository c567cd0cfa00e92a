import { Link } from "react-router";
import { dbContext } from "~/db/context";
import { ARTICLE_LISTS } from "~/db/schema/jumpstart";
import { LIST_TITLES, articlesOf } from "~/features/jumpstart/articles.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/_index";

// The pre-departure area's public landing: the guard sends members to their own home first.
export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  return {
    lists: await Promise.all(
      ARTICLE_LISTS.map(async (list) => ({
        list,
        title: LIST_TITLES[list].title,
        articles: (await articlesOf(db, list)).slice(0, 3).map((a) => a.title),
      })),
    ),
  };
}

export function meta() {
  return [
    { title: pageTitle("Jumpstart: prepare before you travel") },
    {
      name: "description",
      content:
        "For students holding an offer from a UK university: prepare for job hunting and work in the UK before you travel.",
    },
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Jumpstart({ loaderData }: Route.ComponentProps) {
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
        {loaderData.lists.map((l) => (
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
