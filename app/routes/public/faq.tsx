import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { FaqList, FaqSearch, NoMatch } from "~/features/help/components/faq-list";
import { FAQ_QUERY_MAX, byCategory, faqPageLd, searchFaq } from "~/features/help/faq";
import { faqItems } from "~/features/help/queries.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/faq";

const DESCRIPTION =
  "Answers to common questions from international students, universities and employers about the platform, visas and working after your studies.";

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, FAQ_QUERY_MAX);
  const all = await faqItems(context.get(dbContext));
  const shown = searchFaq(all, q);
  const origin = siteOrigin(context);
  return {
    q,
    total: all.length,
    count: shown.length,
    groups: byCategory(shown),
    canonical: `${origin}/faq`,
    ld: faqPageLd(shown, origin),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const tags = seoMeta({
    title: "Frequently asked questions",
    description: DESCRIPTION,
    url: loaderData.canonical,
    jsonLd: loaderData.count ? [loaderData.ld] : [],
  });
  // A search's answers are the same questions again: search engines keep to the page itself.
  if (loaderData.q) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { q, total, count, groups } = loaderData;
  return (
    <article>
      <h1 className="text-3xl font-bold">Frequently asked questions</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{DESCRIPTION}</p>
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
