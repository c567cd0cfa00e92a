import type { LoaderFunctionArgs } from "react-router";
import { studentListCsv } from "~/features/dashboard/university.server";

/** The dashboard's student list as CSV: every student matching its filters, the columns it shows. */
export const loader = ({ request, context }: LoaderFunctionArgs) => studentListCsv(request, context);
