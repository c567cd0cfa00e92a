import { applicantCvFile } from "~/features/applications/applicants-page.server";
import type { Route } from "./+types/jobs.$id.applicants.$applicationId.cv[.]pdf";

/** The CV an applicant sent, to the employer of the job (guard employer-only has run). */
export const loader = ({ params, context }: Route.LoaderArgs) =>
  applicantCvFile(params.id, params.applicationId, context);
