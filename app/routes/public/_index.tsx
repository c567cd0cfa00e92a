import { Link } from "react-router";
import { dbContext } from "~/db/context";
import { CountryHero } from "~/features/home/country-hero";
import { GuidePanel } from "~/features/home/guide-panel";
import { cachedHomeContent } from "~/features/home/home.server";
import { LatestJobs } from "~/features/home/latest-jobs";
import { homeVariant } from "~/features/home/variants";
import { VisasPanel } from "~/features/home/visas-panel";
import { clockContext, configContext } from "~/lib/context";
import { SITE_NAME } from "~/lib/meta";
import type { Route } from "./+types/_index";

export async function loader({ context }: Route.LoaderArgs) {
  const variant = homeVariant(context.get(configContext).SYSTEM_COUNTRY_ID);
  return { variant, ...(await cachedHomeContent(context.get(dbContext), variant, context.get(clockContext)())) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${SITE_NAME}: careers for international students` },
    { name: "description", content: loaderData?.variant.intro ?? "" },
  ];
}

const TOOLS = [
  {
    title: "CV builder",
    text: "Write a CV employers expect, from a template that suits your field.",
    to: "/create-cv",
  },
  { title: "Career ignition hub", text: "Short videos on applications, interviews and first jobs.", to: "/cih" },
  {
    title: "Success stories",
    text: "How other international students found their first role.",
    to: "/success-stories",
  },
  {
    title: "For universities",
    text: "Dashboards and a branded careers site for your students.",
    to: "/partner-with-us",
  },
];

// Links and text, with the job lists' own cards: nothing interactive of its own, so the first load
// grows by little (scripts/bench.js holds it to 130 kB gzipped).
export default function Home({ loaderData }: Route.ComponentProps) {
  const { variant, guide, visas, jobs } = loaderData;
  return (
    <div className="space-y-12">
      <CountryHero variant={variant} />
      {guide || visas ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {guide ? <GuidePanel guide={guide} /> : null}
          {visas ? (
            <VisasPanel visas={visas} place={variant.place} accentBorderClass={variant.accentBorderClass} />
          ) : null}
        </div>
      ) : (
        <p>
          <Link to="/country-guide" className="font-semibold text-brand underline">
            Read our country guides
          </Link>
        </p>
      )}
      <LatestJobs jobs={jobs} place={variant.place} />
      <section aria-labelledby="tools">
        <h2 id="tools" className="text-2xl font-bold">
          Everything for your job search
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[...variant.tools, ...TOOLS].map((t) => (
            <li key={t.to} className="rounded-xl border border-slate-200 bg-white p-5">
              <h3 className="font-semibold">
                <Link to={t.to} className="underline-offset-4 hover:underline">
                  {t.title}
                </Link>
              </h3>
              <p className="mt-2 text-sm text-muted">{t.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
