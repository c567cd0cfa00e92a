import { eq, or } from "drizzle-orm";
import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { type University, universities } from "~/db/schema";
import { type EmailBrand, PLATFORM_BRAND } from "~/features/email";

/** `{university_id}` of a path: the university's slug, or its numeric id (decisions.md). */
export async function universityByParam(db: Db, param: string): Promise<University | null> {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : -1;
  const [row] = await db
    .select()
    .from(universities)
    .where(or(eq(universities.slug, param.toLowerCase()), eq(universities.id, id)));
  return row ?? null;
}

/** The university a page's path names, or the page answers 404. */
export async function universityOr404(db: Db, param: string): Promise<University> {
  const university = await universityByParam(db, param);
  if (!university) throw data(null, { status: 404 });
  return university;
}

export function brandOf(university: Pick<University, "name" | "brandColour"> | null | undefined): EmailBrand {
  return university ? { name: university.name, colour: university.brandColour } : PLATFORM_BRAND;
}
