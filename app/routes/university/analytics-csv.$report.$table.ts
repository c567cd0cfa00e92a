import type { LoaderFunctionArgs } from "react-router";
import { reportCsv } from "~/features/analytics/page.server";

/** An analytics chart's table as CSV (the university area's guard has run: a university admin). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  reportCsv(request, context, params.report ?? "", params.table ?? "");
