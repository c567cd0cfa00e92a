import { type RouterContextProvider, data } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { siteOrigin } from "~/features/access/index.server";
import { hiddenEmployersFor } from "~/features/university-employers/index.server";
import { type Occupation, ruleSets } from "~/features/sponsorship";
import { clockContext } from "~/lib/context";
import { escapeHtml } from "~/lib/escape-html";
import { SITE_NAME, breadcrumbLd } from "~/lib/meta";
import { type Inline, type LandingPage, landingPage } from "./landing-pages";
import { type SearchValues, withParams, type JobResult } from "./search-values";
import { type Scoped, searchJobs } from "./search.server";

/** The search a landing page runs: its filter, newest first (the first page of 20). */
export function landingSearch(page: LandingPage): Scoped {
  const { location, type, sponsorship, within, occupations } = page.filter;
  return { location, type, sponsorship, within, occupations, sort: "date" };
}

/** The page's open jobs: how many there are, and the 20 newest. */
export async function landingJobs(
  db: Db,
  page: LandingPage,
  now: Date,
  occupations: ReadonlyMap<string, Occupation>,
  hiddenEmployers: ReadonlySet<number> | null = null,
): Promise<{ total: number; results: JobResult[] }> {
  const { total, results } = await searchJobs(db, { ...landingSearch(page), hiddenEmployers }, now, occupations);
  return { total, results };
}

/**
 * Where the list goes on: the /jobs search that lists exactly these jobs (`seeAll`), or, when /jobs
 * cannot express the page's occupations or job types, the nearest wider search with the page's label.
 */
export function moreJobsLink(page: LandingPage): { href: string; exact: boolean; label?: string } {
  const { location, type, sponsorship, within, occupations } = page.filter;
  const values: SearchValues = { location, type, sponsorship };
  const href = withParams("/jobs", values, {});
  return within || occupations ? { href, exact: false, label: page.widerLabel } : { href, exact: true };
}

const absolute = (href: string, origin: string) => (href.startsWith("/") ? `${origin}${href}` : href);

/** An answer as the limited HTML schema.org's Answer.text allows (text and links), every value escaped. */
function answerHtml(parts: readonly Inline[], origin: string): string {
  return parts
    .map((p) =>
      typeof p === "string"
        ? escapeHtml(p)
        : `<a href="${escapeHtml(absolute(p.href, origin))}">${escapeHtml(p.text)}</a>`,
    )
    .join("");
}

/** schema.org structured data of a landing page: its job list, FAQ, breadcrumbs and, for the fair, the event. */
export function landingLd(page: LandingPage, results: readonly JobResult[], origin: string): object[] {
  const url = `${origin}${page.path}`;
  const itemList = {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: page.jobsHeading,
    numberOfItems: results.length,
    itemListElement: results.map((job, i) => ({
      "@type": "ListItem",
      position: i + 1,
      url: `${origin}${job.url}`,
      name: job.title,
    })),
  };
  const faq = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: page.faq.map((q) => ({
      "@type": "Question",
      name: q.question,
      acceptedAnswer: { "@type": "Answer", text: answerHtml(q.answer, origin) },
    })),
  };
  const crumbs = breadcrumbLd(
    page.event
      ? [
          ["Home", `${origin}/`],
          [page.heading, url],
        ]
      : [
          ["Home", `${origin}/`],
          ["Jobs", `${origin}/jobs`],
          [page.heading, url],
        ],
  );
  if (!page.event) return [itemList, faq, crumbs];
  const event = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: page.event.name,
    description: page.event.summary,
    startDate: page.event.startDate,
    endDate: page.event.endDate,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
    location: { "@type": "VirtualLocation", url },
    isAccessibleForFree: true,
    organizer: { "@type": "Organization", name: SITE_NAME, url: `${origin}/` },
    url,
  };
  return [event, itemList, faq, crumbs];
}

/** The loader of every landing page: the page of the matched pattern (404 for none), its jobs, links and structured data. */
export async function loadLandingPage(request: Request, context: Readonly<RouterContextProvider>, pattern: string) {
  const page = landingPage(pattern);
  if (!page) throw data(null, { status: 404 });
  const db = context.get(dbContext);
  const [[rules], hidden] = await Promise.all([ruleSets(), hiddenEmployersFor(db, context.get(accessContext).user)]);
  const now = context.get(clockContext)();
  const { total, results } = await landingJobs(db, page, now, rules!.occupations, hidden);
  const origin = siteOrigin(context);
  return {
    page,
    canonical: `${origin}${page.path}`,
    total,
    results,
    more: moreJobsLink(page),
    /** The fair has ended: the page says so rather than inviting people to it. */
    eventOver: page.event ? now.getTime() >= Date.parse(page.event.endDate) : false,
    ld: landingLd(page, results, origin),
  };
}

export type LandingPageData = Awaited<ReturnType<typeof loadLandingPage>>;
