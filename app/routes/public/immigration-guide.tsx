import { ImmigrationGuide } from "~/features/help/components/immigration-guide";
import { loadImmigrationGuide } from "~/features/help/pages.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/immigration-guide";

export const loader = ({ context }: Route.LoaderArgs) => loadImmigrationGuide(context);

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
