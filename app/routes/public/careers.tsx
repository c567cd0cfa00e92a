import { CareersPage } from "~/features/help/components/careers";
import { loadCareersPage } from "~/features/help/pages.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/careers";

const DESCRIPTION = "Open roles at Career Platform, and what working with us is like.";

export const loader = ({ context }: Route.LoaderArgs) => loadCareersPage(context);

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? seoMeta({ title: "Careers with us", description: DESCRIPTION, url: loaderData.canonical }) : [];
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  return <CareersPage roles={loaderData.roles} teamEmail={loaderData.teamEmail} />;
}
