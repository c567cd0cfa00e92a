import { type RouterContextProvider, data } from "react-router";
import { dbContext } from "~/db/context";
import { requireUser } from "~/features/access/index.server";
import { cvIdOf } from "./api.server";
import { type OwnedCv, getCv, listCvs } from "./queries.server";

/**
 * The CV a builder page is about (`?cv={id}`): the person's own, or a 404 page for any other id,
 * theirs deleted or another person's alike. Without `?cv=`, null and the person's CVs to choose from.
 */
export async function cvOfPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<{ cv: OwnedCv; choices: null } | { cv: null; choices: { id: number; name: string }[] }> {
  const db = context.get(dbContext);
  const user = requireUser(context);
  const raw = new URL(request.url).searchParams.get("cv");
  if (raw === null) return { cv: null, choices: (await listCvs(db, user)).map((c) => ({ id: c.id, name: c.name })) };
  const id = cvIdOf(raw);
  const cv = id === null ? null : await getCv(db, user, id);
  if (!cv) throw data(null, { status: 404 });
  return { cv, choices: null };
}
