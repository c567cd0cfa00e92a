import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auPointsResults } from "~/db/schema";
import type { Limit } from "~/lib/rate-limit";
import type { PointsResult } from "./calculate";
import type { Answers } from "./schema";

/** Saves each student may make in a window: enough to compare scenarios, not enough to flood the table. */
export const SAVE_LIMIT: Limit = { max: 30, windowSeconds: 60 * 60 };
/** Results a student may keep at once; they delete old ones to save more. */
export const MAX_SAVED = 50;

export const saveRateKey = (userId: number) => `au-points:user:${userId}`;

export type SavedResult = {
  id: number;
  answers: Record<string, string | number | boolean>;
  total: number;
  ruleVersion: string;
  createdAt: Date;
};

/** Saves a result for its owner: its id, or null when they already keep MAX_SAVED. */
export async function saveResult(
  db: Db,
  userId: number,
  answers: Answers,
  result: PointsResult,
): Promise<number | null> {
  const [kept] = await db.select({ n: count() }).from(auPointsResults).where(eq(auPointsResults.userId, userId));
  if ((kept?.n ?? 0) >= MAX_SAVED) return null;
  const [row] = await db
    .insert(auPointsResults)
    .values({ userId, answers, total: result.total, ruleVersion: result.rules.version })
    .returning({ id: auPointsResults.id });
  return row!.id;
}

/** One student's saved results, newest first. */
export function listResults(db: Db, userId: number): Promise<SavedResult[]> {
  return db
    .select({
      id: auPointsResults.id,
      answers: auPointsResults.answers,
      total: auPointsResults.total,
      ruleVersion: auPointsResults.ruleVersion,
      createdAt: auPointsResults.createdAt,
    })
    .from(auPointsResults)
    .where(eq(auPointsResults.userId, userId))
    .orderBy(desc(auPointsResults.createdAt), desc(auPointsResults.id));
}

/** Deletes a result only if it belongs to `userId`; false when there was none of theirs. */
export async function deleteResult(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(auPointsResults)
    .where(and(eq(auPointsResults.id, id), eq(auPointsResults.userId, userId)))
    .returning({ id: auPointsResults.id });
  return rows.length > 0;
}
