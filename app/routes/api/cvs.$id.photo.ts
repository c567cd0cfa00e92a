import { dbContext, rateLimiterContext } from "~/db/context";
import { NOT_FOUND, withCv } from "~/features/cv/api.server";
import { PHOTO_UPLOADS, deletePhoto, photoOf, savePhoto } from "~/features/cv/files.server";
import { ownsCv } from "~/features/cv/queries.server";
import { clockContext } from "~/lib/context";
import { jsonResource, ok, refused } from "~/lib/json-api.server";
import { readLimited } from "~/lib/request-body.server";

/** GET, PUT (the image as the body, Content-Type image/jpeg or image/png) and DELETE /api/cvs/{id}/photo. */
const endpoint = jsonResource("CV photo", {
  GET: withCv(async ({ context }, owner, id) => {
    const db = context.get(dbContext);
    const photo = id !== null && (await ownsCv(db, owner, id)) ? await photoOf(db, id) : null;
    if (!photo) return NOT_FOUND;
    return new Response(new Uint8Array(photo.data), {
      headers: {
        "Content-Type": photo.type,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }),
  PUT: withCv(async ({ request, context }, owner, id) => {
    const db = context.get(dbContext);
    if (id === null || !(await ownsCv(db, owner, id))) return NOT_FOUND;
    // Counted before the image is read or decoded, the work a flood of uploads would cost.
    const wait = await context.get(rateLimiterContext).spend(`cv-photo:user:${owner.id}`, PHOTO_UPLOADS);
    if (wait) return refused(429, `Too many photo uploads in an hour: try again in ${Math.ceil(wait / 60)} minutes`);
    const bytes = await readLimited(request);
    const saved = await savePhoto(
      db,
      id,
      bytes,
      request.headers.get("content-type") ?? "",
      context.get(clockContext)(),
    );
    return saved.ok ? ok({ photo: `/api/cvs/${id}/photo` }) : refused(saved.status, saved.message);
  }),
  DELETE: withCv(async ({ context }, owner, id) => {
    const db = context.get(dbContext);
    if (id === null || !(await ownsCv(db, owner, id))) return NOT_FOUND;
    await deletePhoto(db, id);
    return ok({ photo: null });
  }),
});

export { endpoint as loader, endpoint as action };
