import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { requireUser } from "~/features/access/index.server";
import { photoStampOf } from "./files.server";
import { documentFromProfile } from "./from-profile.server";
import { cvOfPage } from "./page.server";

/**
 * /create-cv: the CV the editor opens (`?cv=`), what the person's profile would fill in, and whether
 * it has a photo; without `?cv=`, their CVs to choose from.
 */
export async function loadCreateCv(context: Readonly<RouterContextProvider>, request: Request) {
  const { cv, choices } = await cvOfPage(context, request);
  if (!cv) return { cv: null, choices, profile: null, hasPhoto: false };
  const db = context.get(dbContext);
  const profile = await documentFromProfile(db, requireUser(context).id, cv.document.settings.template);
  return {
    cv: { id: cv.id, name: cv.name, version: cv.version, document: cv.document },
    choices: null,
    profile: { basics: profile.basics, education: profile.education },
    hasPhoto: (await photoStampOf(db, cv.id)) !== null,
  };
}

export type CreateCvPageData = Awaited<ReturnType<typeof loadCreateCv>>;
