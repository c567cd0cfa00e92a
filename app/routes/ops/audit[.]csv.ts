import type { LoaderFunctionArgs } from "react-router";
import { auditLogCsv } from "~/features/ops/audit-log.server";

/** The audit log's entries the page's filters pick, as CSV, written as they are read. */
export const loader = ({ request, context }: LoaderFunctionArgs) => auditLogCsv(request, context);
