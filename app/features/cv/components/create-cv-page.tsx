import type { CreateCvPageData } from "../create-page.server";
import { CvEditor } from "../editor/cv-editor";
import { CvHtml } from "../templates/html";
import { ChooseCv } from "./choose-cv";

/** /create-cv: the editor with its live preview, or the CVs to choose from. */
export function CreateCvPage({ data }: { data: CreateCvPageData }) {
  const { cv, choices, profile, hasPhoto } = data;
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
