import { randomBytes } from "node:crypto";
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type RouterContextProvider, data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { universities, users } from "~/db/schema";
import { configContext } from "~/lib/context";
import { parseCookies, serializeCookie } from "~/lib/cookies";
import { type Config, secureCookies } from "~/lib/env.server";

/** Remembers whose referral link opened the registration, for as long as a registration may take. */
export const REFERRAL_COOKIE = "ref";
const SLUG = /^[a-z0-9]{10}$/;

export function referralCookie(config: Config, slug: string): string {
  return serializeCookie(REFERRAL_COOKIE, slug, {
    expires: "30d",
    httpOnly: true,
    secure: secureCookies(config),
    sameSite: "Lax",
  });
}

/** The referral slug a request carries, if it has the right shape (it is looked up later). */
export function referralOf(request: Request): string | null {
  const slug = parseCookies(request.headers.get("cookie"))[REFERRAL_COOKIE];
  return slug && SLUG.test(slug) ? slug : null;
}

/**
 * The student whose link this is, with the university whose registration it opens, or null: their
 * own, or for a student on a campus, the group's main university (a campus takes no addresses of its own).
 */
export async function referrerBySlug(db: Db, slug: string) {
  if (!SLUG.test(slug)) return null;
  const campus = alias(universities, "campus");
  const [row] = await db
    .select({ id: users.id, name: users.name, university: { slug: universities.slug, name: universities.name } })
    .from(users)
    .innerJoin(campus, eq(campus.id, users.universityId))
    .innerJoin(universities, eq(universities.id, sql`coalesce(${campus.groupId}, ${campus.id})`))
    .where(and(eq(users.referralSlug, slug), eq(users.role, "student")));
  return row ?? null;
}

/** A student's referral slug, or null until they have asked for one (makeReferralSlug). */
export async function referralSlugOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ slug: users.referralSlug }).from(users).where(eq(users.id, userId));
  return row?.slug ?? null;
}

/** Gives a student a referral slug (random, 10 letters and digits) unless they have one; answers theirs. */
export async function makeReferralSlug(db: Db, userId: number): Promise<string> {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const slug = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join("");
  await db
    .update(users)
    .set({ referralSlug: slug })
    .where(and(eq(users.id, userId), isNull(users.referralSlug)));
  return (await referralSlugOf(db, userId))!;
}

/** How many people the student's link brought in who finished registering (chose a password). */
export async function completedReferrals(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.referredBy, userId), isNotNull(users.passwordHash)));
  return row?.n ?? 0;
}

/** A student's referral link: their university's registration, with who sent the visitor remembered (else 404). */
export async function followReferral(slug: string, context: Readonly<RouterContextProvider>): Promise<never> {
  const referrer = await referrerBySlug(context.get(dbContext), slug);
  if (!referrer) throw data(null, { status: 404 });
  throw redirect(`/register/${referrer.university.slug}`, {
    headers: { "Set-Cookie": referralCookie(context.get(configContext), slug) },
  });
}
