import { AuditLogPage } from "~/features/ops/components/audit-log-page";
import { loadAuditLog } from "~/features/ops/audit-log.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/audit";

export const loader = ({ request, context }: Route.LoaderArgs) => loadAuditLog(new URL(request.url), context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Audit log") }, { name: "robots", content: "noindex" }];
}

export default function OpsAudit({ loaderData }: Route.ComponentProps) {
  return <AuditLogPage {...loaderData} />;
}
