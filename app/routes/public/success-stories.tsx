import { SuccessStoriesPage } from "~/features/blog/components/success-stories";
import { loadSuccessStories } from "~/features/blog/pages.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/success-stories";

export const loader = ({ context }: Route.LoaderArgs) => loadSuccessStories(context);

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData
    ? seoMeta({
        title: "Success stories",
        description:
          "International students on how they found their graduate jobs: what they applied for, what worked, and what they would do again.",
        url: `${loaderData.origin}/success-stories`,
      })
    : [];
}

export default function SuccessStories({ loaderData }: Route.ComponentProps) {
  return <SuccessStoriesPage stories={loaderData.stories} />;
}
