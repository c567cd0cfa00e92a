import { FaqPage } from "~/features/help/components/faq-list";
import { FAQ_DESCRIPTION } from "~/features/help/faq";
import { loadFaqPage } from "~/features/help/pages.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/faq";

export const loader = ({ url, context }: Route.LoaderArgs) => loadFaqPage(url, context);

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const tags = seoMeta({
    title: "Frequently asked questions",
    description: FAQ_DESCRIPTION,
    url: loaderData.canonical,
    jsonLd: loaderData.count ? [loaderData.ld] : [],
  });
  // A search's answers are the same questions again: search engines keep to the page itself.
  if (loaderData.q) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { q, total, count, groups } = loaderData;
  return <FaqPage q={q} total={total} count={count} groups={groups} />;
}
