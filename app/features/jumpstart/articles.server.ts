import { and, asc, eq } from "drizzle-orm";
import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { jumpstartArticles } from "~/db/schema";
import type { ArticleList } from "~/db/schema/jumpstart";

export const LIST_TITLES: Record<ArticleList, { title: string; intro: string }> = {
  resources: {
    title: "Pre-departure resources",
    intro:
      "What to prepare before you travel, so that you can look for work, and start it, from your first weeks in the UK.",
  },
  "linkedin-starter-playbook": {
    title: "LinkedIn starter playbook",
    intro: "Set up LinkedIn for the UK job market before you arrive, one step at a time.",
  },
  "reading-list": {
    title: "Reading list",
    intro:
      "What to read before you arrive: the official pages and guides that answer most of the questions students ask in their first term.",
  },
};

const published = (list: ArticleList) =>
  and(eq(jumpstartArticles.list, list), eq(jumpstartArticles.status, "published"));

/** A list's published articles, in their order. */
export function articlesOf(db: Db, list: ArticleList) {
  return db
    .select()
    .from(jumpstartArticles)
    .where(published(list))
    .orderBy(asc(jumpstartArticles.position), asc(jumpstartArticles.title));
}

/** One article of a list with the ones before and after it; a draft, or another list's, answers 404. */
export async function articleOf(db: Db, list: ArticleList, slug: string) {
  const all = await articlesOf(db, list);
  const at = all.findIndex((a) => a.slug === slug);
  if (at < 0) throw data(null, { status: 404 });
  const link = (a: (typeof all)[number] | undefined) => (a ? { slug: a.slug, title: a.title } : null);
  return {
    article: all[at]!,
    previous: link(all[at - 1]),
    next: link(all[at + 1]),
    position: at + 1,
    count: all.length,
  };
}
