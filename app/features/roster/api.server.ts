import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { dbContext, rateLimiterContext } from "~/db/context";
import { accountDeps } from "~/features/accounts/index.server";
import { clientIpContext, clockContext } from "~/lib/context";
import { type Answer, answerWith, refused } from "~/lib/json-api.server";
import type { Limit } from "~/lib/rate-limit";
import { readLimited } from "~/lib/request-body.server";
import { rosterKeysContext } from "./context";
import { universityOfKey } from "./keys.server";
import { syncRoster } from "./sync.server";

const Query = z
  .object({
    mode: z.enum(["full", "partial"], { error: "mode is full or partial" }),
    dry_run: z.enum(["0", "1"], { error: "dry_run is 0 or 1" }).default("0"),
  })
  .strict();

/** Every request from one address, counted before its key is looked up (a key cannot be guessed at speed). */
export const ROSTER_API_PER_ADDRESS: Limit = { max: 60, windowSeconds: 3600 };
/** The syncs of one university, counted before its file is read: a record system pushes nightly. */
export const ROSTER_API_PER_UNIVERSITY: Limit = { max: 24, windowSeconds: 3600 };

const tooMany = (seconds: number) =>
  answerWith(refused(429, `Too many requests: try again in ${Math.ceil(seconds / 60)} minutes`), {
    "Retry-After": String(seconds),
  });

/**
 * PUT /api/roster?mode=full|partial&dry_run=0|1: a university's record system syncs its student
 * records with the CSV file it sends (Authorization: Bearer <key>, Content-Type: text/csv, at most
 * 20 MB). The answer counts what changed (or would, on a dry run), or lists every bad line.
 */
export async function putRoster({ request, context }: LoaderFunctionArgs): Promise<Answer | Response> {
  const query = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success)
    return refused(
      400,
      "The query is mode=full|partial and dry_run=0|1",
      query.error.issues.map((i) => ({
        field: String(i.path[0] ?? ("keys" in i ? i.keys[0] : null) ?? "query"),
        reason: i.code === "unrecognized_keys" ? "This parameter is not taken" : i.message,
      })),
    );
  if (!/^text\/csv\s*(;|$)/i.test(request.headers.get("content-type") ?? ""))
    return refused(415, "Send the file with Content-Type: text/csv");

  const limiter = context.get(rateLimiterContext);
  const waitAddress = await limiter.spend(`roster-api:address:${context.get(clientIpContext)}`, ROSTER_API_PER_ADDRESS);
  if (waitAddress > 0) return tooMany(waitAddress);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  const owner = await universityOfKey(db, context.get(rosterKeysContext), bearer, now);
  if (!owner)
    return answerWith(refused(401, "Send one of your university's API keys: Authorization: Bearer <key>"), {
      "WWW-Authenticate": 'Bearer realm="roster"',
    });
  const waitUniversity = await limiter.spend(`roster-api:university:${owner.university.id}`, ROSTER_API_PER_UNIVERSITY);
  if (waitUniversity > 0) return tooMany(waitUniversity);

  const body = await readLimited(request);
  const { changes: _, ...outcome } = await syncRoster(
    accountDeps(request, context),
    owner.university,
    { source: "api", keyId: owner.keyId, ip: context.get(clientIpContext) },
    [body],
    { mode: query.data.mode, dryRun: query.data.dry_run === "1" },
  );
  return { status: outcome.status === "invalid" ? 422 : 200, body: outcome };
}
