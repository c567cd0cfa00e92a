import { type SQL, and, asc, count, desc, eq, gt, ilike, isNull, lte, or } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { ACCESS_STATUSES, type EffectiveAccessStatus, universities, users } from "~/db/schema";
import { requireStaff } from "~/features/access/index.server";
import { clockContext } from "~/lib/context";
import { type ListQuery, containsPattern, listPage, readListQuery } from "~/lib/list-query";
import { ROLES, type Role } from "~/lib/roles";

type Context = Readonly<RouterContextProvider>;

export const PEOPLE_SORTS = ["name", "email", "created"] as const;
type PeopleSort = (typeof PEOPLE_SORTS)[number];
const STATUSES: readonly EffectiveAccessStatus[] = [...ACCESS_STATUSES, "expired"];

export type PeopleFilters = { role: Role | null; status: EffectiveAccessStatus | null };

/** A filter's value from the address, or none for a missing or unknown one (a hand-made address shows everyone). */
function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return (values as readonly string[]).includes(value ?? "") ? (value as T) : null;
}

/** An account's status as a request sees it: an active account whose access has ended is "expired". */
function statusIs(status: EffectiveAccessStatus, now: Date): SQL | undefined {
  const open = or(isNull(users.accessExpiresAt), gt(users.accessExpiresAt, now));
  if (status === "active") return and(eq(users.accessStatus, "active"), open);
  if (status === "expired") return and(eq(users.accessStatus, "active"), lte(users.accessExpiresAt, now));
  return eq(users.accessStatus, status);
}

const ORDER: Record<PeopleSort, typeof users.name | typeof users.email | typeof users.createdAt> = {
  name: users.name,
  email: users.email,
  created: users.createdAt,
};

/** One page of everyone with an account, found by name or address, of a role and a status. */
export async function findPeople(db: Db, query: ListQuery<PeopleSort>, filters: PeopleFilters, now: Date) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.status ? statusIs(filters.status, now) : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(users).where(where)) as [{ total: number }];
  const by = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      accessStatus: users.accessStatus,
      accessExpiresAt: users.accessExpiresAt,
      university: universities.name,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(universities, eq(universities.id, users.universityId))
    .where(where)
    .orderBy(by(ORDER[query.sort]), by(users.id))
    .limit(query.pageSize)
    .offset(query.offset);
  return listPage(
    rows.map(({ accessStatus, accessExpiresAt, createdAt, ...row }) => ({
      ...row,
      status: effectiveStatus(accessStatus, accessExpiresAt, now),
      createdAt: createdAt.toISOString(),
    })),
    total,
    query,
  );
}

export function effectiveStatus(
  stored: EffectiveAccessStatus,
  expiresAt: Date | null,
  now: Date,
): EffectiveAccessStatus {
  return stored === "active" && expiresAt !== null && expiresAt <= now ? "expired" : stored;
}

/** /ops/users: the search, its filters and one page of people. */
export async function loadPeople(url: URL, context: Context) {
  requireStaff(context);
  const query = readListQuery(url, { sorts: PEOPLE_SORTS, sort: "created", dir: "desc" });
  const filters: PeopleFilters = {
    role: oneOf(ROLES, url.searchParams.get("role")),
    status: oneOf(STATUSES, url.searchParams.get("status")),
  };
  const list = await findPeople(context.get(dbContext), query, filters, context.get(clockContext)());
  return { list, filters };
}
export type PeoplePageData = Awaited<ReturnType<typeof loadPeople>>;
