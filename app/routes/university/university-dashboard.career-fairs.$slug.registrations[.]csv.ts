import type { LoaderFunctionArgs } from "react-router";
import { doorRegistrationsCsv } from "~/features/career-fairs/door-page.server";

/** Who registered for a fair, as the door sees them (the admin's own students at the platform's), as CSV. */
export const loader = ({ params, context }: LoaderFunctionArgs) => doorRegistrationsCsv(params.slug!, context);
