import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { ARTICLE_LISTS, type ArticleList } from "~/db/schema/jumpstart";
import { topSponsoringEmployers } from "~/features/jobs/index.server";
import { todayInLondon } from "~/lib/dates";
import { clockContext } from "~/lib/context";
import { LIST_TITLES, articleOf, articlesOf } from "./articles.server";

/** The pre-departure area's pages: its public landing, its article lists and articles, the top employers. */

type Context = Readonly<RouterContextProvider>;

/** The list a path is of: /jumpstart/{list} and /jumpstart/{list}/{slug}. */
const listOf = (pattern: string) => pattern.split("/")[2] as ArticleList;

/** /jumpstart: what the area holds, with the first titles of each list. */
export async function loadJumpstartLanding(context: Context) {
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

/**
 * /jumpstart/resources (every article on the page: the spec gives it no article pages),
 * /jumpstart/linkedin-starter-playbook and /jumpstart/reading-list.
 */
export async function loadArticleList(pattern: string, context: Context) {
  const list = listOf(pattern);
  const articles = await articlesOf(context.get(dbContext), list);
  return {
    list,
    ...LIST_TITLES[list],
    articles: articles.map((a) => ({
      slug: a.slug,
      title: a.title,
      summary: a.summary,
      readingMinutes: a.readingMinutes,
      revisedOn: a.revisedOn ?? a.publishedOn,
      bodyHtml: list === "resources" ? a.bodyHtml : null,
    })),
  };
}

export type ArticleListData = Awaited<ReturnType<typeof loadArticleList>>;

/** An article of the LinkedIn starter playbook or of the reading list. */
export async function loadArticle(pattern: string, slug: string, context: Context) {
  const list = listOf(pattern);
  const found = await articleOf(context.get(dbContext), list, slug);
  return { list, listTitle: LIST_TITLES[list].title, ...found };
}

export type ArticleData = Awaited<ReturnType<typeof loadArticle>>;

/** /jumpstart/top-30-employers (guard D has run in the root middleware). */
export async function loadTopEmployers(context: Context) {
  return {
    employers: await topSponsoringEmployers(context.get(dbContext), todayInLondon(context.get(clockContext)())),
  };
}

export type TopEmployersData = Awaited<ReturnType<typeof loadTopEmployers>>;
