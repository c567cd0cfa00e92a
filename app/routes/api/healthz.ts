/**
 * /healthz, /readyz and /metrics are answered by server/operations.ts before the host check and React
 * Router: a load balancer probes by address, and a probe must cost no render. They are in the route
 * table so that the request log and the metrics name them; a request reaching React Router for them
 * would mean that answer was skipped, and is refused rather than answered differently.
 */
function notHere(): never {
  throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
}

export { notHere as loader, notHere as action };
