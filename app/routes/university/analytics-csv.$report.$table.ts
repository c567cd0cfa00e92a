import type { LoaderFunctionArgs } from "react-router";
import { reportCsv } from "~/features/analytics/page.server";
import { OUTCOMES_REPORT, outcomesCsv } from "~/features/graduate-outcomes/analytics-page.server";

/**
 * An analytics chart's table as CSV (the university area's guard has run: a university admin). The
 * graduate outcomes page's tables are its own feature's, under the same addresses.
 */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  params.report === OUTCOMES_REPORT
    ? outcomesCsv(request, context, params.table ?? "")
    : reportCsv(request, context, params.report ?? "", params.table ?? "");
