import type { LoaderFunctionArgs } from "react-router";
import { visaDatesCalendar } from "~/features/journey/page.server";

/** The person's visa dates as an iCalendar file (guard B has run). */
export const loader = ({ request, context }: LoaderFunctionArgs) => visaDatesCalendar(request, context);
