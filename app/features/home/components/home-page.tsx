import { Link } from "~/components/link";
import type { HomeContent } from "../home.server";
import type { HomeVariant } from "../variants";
import { CountryHero } from "./country-hero";
import { GuidePanel } from "./guide-panel";
import { LatestJobs } from "./latest-jobs";
import { VisasPanel } from "./visas-panel";

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
export function HomePage({ variant, guide, visas, jobs }: { variant: HomeVariant } & HomeContent) {
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
