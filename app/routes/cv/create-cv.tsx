import { accessContext } from "~/features/access/context";
import { ChooseCv } from "~/features/cv/components/choose-cv";
import { CvEditor } from "~/features/cv/editor/cv-editor";
import { photoStampOf } from "~/features/cv/files.server";
import { documentFromProfile } from "~/features/cv/from-profile.server";
import { cvOfPage } from "~/features/cv/page.server";
import { CvHtml } from "~/features/cv/templates/html";
import { dbContext } from "~/db/context";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/create-cv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cv, choices } = await cvOfPage(context, request);
  if (!cv) return { cv: null, choices, profile: null, hasPhoto: false };
  const profile = await documentFromProfile(
    context.get(dbContext),
    context.get(accessContext).user!.id,
    cv.document.settings.template,
  );
  const db = context.get(dbContext);
  return {
    cv: { id: cv.id, name: cv.name, version: cv.version, document: cv.document },
    choices: null,
    profile: { basics: profile.basics, education: profile.education },
    hasPhoto: (await photoStampOf(db, cv.id)) !== null,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.cv ? `Edit: ${loaderData.cv.name}` : "Create a CV") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function CreateCv({ loaderData }: Route.ComponentProps) {
  const { cv, choices, profile, hasPhoto } = loaderData;
  if (!cv || !profile) {
    return (
      <article className="max-w-3xl">
        <h1 className="text-3xl font-bold">Create a CV</h1>
        <ChooseCv choices={choices ?? []} to="/create-cv" verb="write" />
      </article>
    );
  }
  return (
    <article>
      <h1 className="text-3xl font-bold">{`Edit: ${cv.name}`}</h1>
      <noscript>
        <p className="mt-4 rounded border-2 border-amber-600 bg-amber-50 p-3">
          The editor needs JavaScript. Without it you can still import a JSON Resume file on My CVs, preview and
          download your CV.
        </p>
      </noscript>
      {/* A new editor for each CV: its state starts from the CV's own document. */}
      <CvEditor
        key={cv.id}
        cv={cv}
        profile={profile}
        hasPhoto={hasPhoto}
        preview={(doc, photoUrl) => <CvHtml doc={doc} photoUrl={photoUrl} />}
      />
    </article>
  );
}
