import { applyForJob, followApplyLink } from "~/features/jobs/job-page.server";
import type { Route } from "./+types/jobs.$slug.apply";

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  followApplyLink(request, params.slug, context);

export const action = ({ request, params, context }: Route.ActionArgs) => applyForJob(request, params.slug, context);
