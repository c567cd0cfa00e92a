import { data } from "react-router";
import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { PartnerList, UniversitiesOverview, WhyPartner } from "~/features/help/components/universities";
import { partnerUniversities } from "~/features/help/queries.server";
import { configContext } from "~/lib/context";
import { seoMeta } from "~/lib/meta";
import { publicOrigin } from "~/lib/public-origin";
import type { Route } from "./+types/universities.($type)";

const PAGES = {
  overview: {
    path: "/universities",
    title: "Universities",
    description:
      "The universities that give their international students the platform, and why careers services partner with us.",
  },
  partners: {
    path: "/universities/partners",
    title: "Our partner universities",
    description: "The universities whose students use the platform, and their careers sites.",
  },
  "why-partner": {
    path: "/universities/why-partner",
    title: "Why careers services partner with us",
    description:
      "Dashboards, privacy-safe analytics, a branded careers site, country guides and workshops for your international students.",
  },
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const type = params.type ?? "overview";
  if (!Object.hasOwn(PAGES, type) || params.type === "overview") throw data(null, { status: 404 });
  const page = type as keyof typeof PAGES;
  const canonical = `${siteOrigin(context)}${PAGES[page].path}`;
  if (page !== "partners") return { page, canonical, partners: [] };
  const config = context.get(configContext);
  const partners = (await partnerUniversities(context.get(dbContext))).map((u) => ({
    id: u.id,
    name: u.name,
    logoUrl: u.logoUrl,
    site: u.micrositeHost ? publicOrigin(config, u.micrositeHost) : null,
  }));
  return { page, canonical, partners };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { title, description } = PAGES[loaderData.page];
  return seoMeta({ title, description, url: loaderData.canonical });
}

export default function Universities({ loaderData }: Route.ComponentProps) {
  const { page, partners } = loaderData;
  if (page === "partners") return <PartnerList partners={partners} />;
  if (page === "why-partner") return <WhyPartner />;
  return <UniversitiesOverview />;
}
