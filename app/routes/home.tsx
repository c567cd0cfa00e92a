import { Link } from "react-router";
import { CountryHero } from "~/features/home/country-hero";
import { homeVariant } from "~/features/home/variants";
import { configContext } from "~/lib/context";
import { SITE_NAME } from "~/lib/meta";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  return { variant: homeVariant(context.get(configContext).SYSTEM_COUNTRY_ID) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${SITE_NAME}: careers for international students` },
    { name: "description", content: loaderData?.variant.intro ?? "" },
  ];
}

const TOOLS = [
  { title: "CV builder", text: "Write a CV employers expect, from a template that suits your field.", to: "/create-cv" },
  { title: "Career ignition hub", text: "Short videos on applications, interviews and first jobs.", to: "/cih" },
  { title: "Success stories", text: "How other international students found their first role.", to: "/success-stories" },
  { title: "For universities", text: "Dashboards and a branded careers site for your students.", to: "/partner-with-us" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { variant } = loaderData;
  return (
    <div className="space-y-12">
      <CountryHero variant={variant} />
      <section aria-labelledby="highlights">
        <h2 id="highlights" className="text-2xl font-bold">
          Made for students in {variant.country}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {variant.highlights.map((h) => (
            <li key={h.to} className="rounded-xl border border-slate-200 bg-white p-5">
              <h3 className="text-lg font-semibold">
                <Link to={h.to} className="underline-offset-4 hover:underline">
                  {h.title}
                </Link>
              </h3>
              <p className="mt-2 text-muted">{h.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="tools">
        <h2 id="tools" className="text-2xl font-bold">
          Everything for your job search
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TOOLS.map((t) => (
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
