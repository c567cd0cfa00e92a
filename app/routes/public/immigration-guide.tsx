import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { ImmigrationGuide } from "~/features/help/components/immigration-guide";
import { visaHighlights } from "~/features/help/queries.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/immigration-guide";

export async function loader({ context }: Route.LoaderArgs) {
  return { rules: await visaHighlights(context.get(dbContext)), canonical: `${siteOrigin(context)}/immigration-guide` };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData
    ? seoMeta({
        title: "Immigration guide: working after your studies",
        description:
          "The main post-study work routes in the UK, Australia, Canada and Ireland, with the dates their rules apply from and their official pages.",
        url: loaderData.canonical,
      })
    : [];
}

export default function ImmigrationGuidePage({ loaderData }: Route.ComponentProps) {
  return <ImmigrationGuide rules={loaderData.rules} />;
}
