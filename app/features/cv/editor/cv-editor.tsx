import { type Dispatch, type ReactNode, useDeferredValue, useEffect, useReducer, useRef, useState } from "react";
import { Link } from "~/components/link";
import { PhoneInput } from "~/features/phone";
import {
  type CvDocument,
  DATE_FORMATS,
  SKILL_LEVELS,
  type SectionKey,
  TEMPLATES,
  TEMPLATE_INFO,
  sectionOrder,
  sectionTitle,
} from "../document";
import { type SaveStatus, useAutosave } from "./autosave";
import { EntryList } from "./entry-list";
import { PhotoField } from "./photo-field";
import { RichTextInput, SelectInput, TextInput } from "./inputs";
import { type EditorAction, type ListPath, editorReducer, newItemId } from "./state";

const BUTTON = "rounded border border-slate-500 px-2 py-1 text-sm disabled:opacity-40";

const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: "All changes saved",
  unsaved: "Changes not saved yet",
  saving: "Saving…",
  offline: "Not saved: the connection failed. Trying again…",
  conflict: "Not saved: this CV changed elsewhere",
  refused: "Not saved",
};

function Design({ doc, dispatch }: { doc: CvDocument; dispatch: Dispatch<EditorAction> }) {
  const s = doc.settings;
  const set = (key: keyof CvDocument["settings"]) => (value: string) =>
    dispatch({ type: "set", path: ["settings", key], value });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectInput
        id="settings-template"
        label="Template"
        value={s.template}
        onChange={set("template")}
        options={TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_INFO[t].name }))}
      />
      <SelectInput
        id="settings-paper"
        label="Paper"
        value={s.paper}
        onChange={set("paper")}
        options={[
          { value: "A4", label: "A4 (UK, Europe, most of the world)" },
          { value: "Letter", label: "US Letter (USA, Canada)" },
        ]}
      />
      <SelectInput
        id="settings-font"
        label="Font"
        value={s.font}
        onChange={set("font")}
        options={[
          { value: "sans", label: "Sans serif (Noto Sans)" },
          { value: "serif", label: "Serif (Noto Serif)" },
        ]}
      />
      <SelectInput
        id="settings-date"
        label="Dates"
        value={s.dateFormat}
        onChange={set("dateFormat")}
        options={DATE_FORMATS.map((f) => ({
          value: f,
          label: f.replace("MMMM", "September").replace("MMM", "Sep").replace("MM", "09").replace("YYYY", "2025"),
        }))}
      />
      <div>
        <label htmlFor="settings-accent" className="block font-medium">
          Accent colour
        </label>
        <input
          id="settings-accent"
          type="color"
          value={s.accent}
          onChange={(e) => set("accent")(e.target.value)}
          className="mt-1 h-10 w-20 rounded border border-slate-500"
        />
      </div>
    </div>
  );
}

/** The phone input keeps what is typed; the CV keeps the number in E.164 once it is valid. */
function PhoneField({
  value,
  country,
  onChange,
}: {
  value: string;
  country: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  return (
    <PhoneInput
      id="basics-phone"
      label="Phone"
      value={text}
      onChange={(typed, result) => {
        setText(typed);
        onChange(
          result.valid && result.countryCode && result.nationalNumber
            ? `+${result.countryCode}${result.nationalNumber}`
            : typed,
        );
      }}
      preferredCountries={["GB", "IE", "AU", "CA", "IN", "CN", "NG"]}
      autoDefaultCountry={false}
      defaultCountry={country || "GB"}
    />
  );
}

function Basics({ doc, dispatch }: { doc: CvDocument; dispatch: Dispatch<EditorAction> }) {
  const b = doc.basics;
  const set =
    (...path: string[]) =>
    (value: string) =>
      dispatch({ type: "set", path: ["basics", ...path], value });
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput id="basics-name" label="Full name" value={b.name} onChange={set("name")} />
        <TextInput
          id="basics-headline"
          label="Headline"
          hint="e.g. Data analyst, MSc Business Analytics"
          value={b.headline}
          onChange={set("headline")}
        />
        <TextInput id="basics-email" type="email" label="Email" value={b.email} onChange={set("email")} />
        <PhoneField value={b.phone} country={b.location.countryCode} onChange={set("phone")} />
        <TextInput
          id="basics-url"
          type="url"
          label="Website"
          hint="Starting with https://"
          value={b.url}
          onChange={set("url")}
          maxLength={500}
        />
        <TextInput id="basics-city" label="Town or city" value={b.location.city} onChange={set("location", "city")} />
        <TextInput id="basics-region" label="Region" value={b.location.region} onChange={set("location", "region")} />
        <TextInput
          id="basics-country"
          label="Country code"
          hint="Two letters, e.g. GB"
          value={b.location.countryCode}
          onChange={(v) => set("location", "countryCode")(v.toUpperCase().slice(0, 2))}
          maxLength={2}
        />
      </div>
      <h3 className="mt-4 font-semibold">Profiles and links</h3>
      <EntryList doc={doc} list="profiles" dispatch={dispatch} heading="Profiles and links" />
    </div>
  );
}

function SectionBody({
  doc,
  sectionKey,
  dispatch,
  title,
}: {
  doc: CvDocument;
  sectionKey: SectionKey;
  dispatch: Dispatch<EditorAction>;
  title: string;
}) {
  if (sectionKey === "summary") {
    return (
      <RichTextInput
        id="summary"
        label="Profile"
        hint="Three or four lines: who you are, what you do well, what you are looking for."
        value={doc.summary}
        onChange={(value) => dispatch({ type: "set", path: ["summary"], value })}
      />
    );
  }
  if (sectionKey === "references") {
    return (
      <div className="space-y-3">
        <fieldset>
          <legend className="font-medium">References</legend>
          {(
            [
              ["on-request", "Say “References available on request” (usual in the UK)"],
              ["entries", "List my referees"],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="mt-1 flex items-center gap-2">
              <input
                type="radio"
                name="references-mode"
                value={mode}
                checked={doc.references.mode === mode}
                onChange={() => dispatch({ type: "set", path: ["references", "mode"], value: mode })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {doc.references.mode === "entries" ? (
          <EntryList doc={doc} list="references" dispatch={dispatch} heading={title} />
        ) : null}
      </div>
    );
  }
  if (sectionKey.startsWith("custom:")) {
    const index = doc.custom.findIndex((c) => `custom:${c.id}` === sectionKey);
    const section = doc.custom[index]!;
    return (
      <div className="space-y-3">
        <TextInput
          id={`custom-${section.id}-title`}
          label="Section name"
          value={section.title}
          onChange={(value) => dispatch({ type: "set", path: ["custom", index, "title"], value })}
          maxLength={60}
        />
        <EntryList doc={doc} list={sectionKey as ListPath} dispatch={dispatch} heading={title} />
        <button
          type="button"
          className={`${BUTTON} border-red-700 text-red-800`}
          onClick={() => dispatch({ type: "remove-custom-section", id: section.id })}
        >
          {`Remove the section “${title}”`}
        </button>
      </div>
    );
  }
  return <EntryList doc={doc} list={sectionKey as ListPath} dispatch={dispatch} heading={title} />;
}

function Sections({ doc, dispatch }: { doc: CvDocument; dispatch: Dispatch<EditorAction> }) {
  const order = sectionOrder(doc);
  const [newTitle, setNewTitle] = useState("");
  return (
    <>
      {order.map((key, index) => {
        const title = sectionTitle(doc, key) || "Untitled section";
        const shown = !doc.hidden.includes(key);
        const id = key.replace(":", "-");
        return (
          <details key={key} className="rounded border border-slate-300 bg-white" open={index < 3}>
            <summary className="cursor-pointer px-4 py-3 text-lg font-semibold">
              {title}
              {shown ? null : <span className="ml-2 text-sm font-normal text-muted">(hidden from the CV)</span>}
            </summary>
            <div className="space-y-4 border-t border-slate-200 p-4">
              <div className="flex flex-wrap items-end gap-3">
                <button
                  type="button"
                  className={BUTTON}
                  disabled={index === 0}
                  aria-label={`Move section up: ${title}`}
                  onClick={() => dispatch({ type: "move-section", key, by: -1 })}
                >
                  Move section up
                </button>
                <button
                  type="button"
                  className={BUTTON}
                  disabled={index === order.length - 1}
                  aria-label={`Move section down: ${title}`}
                  onClick={() => dispatch({ type: "move-section", key, by: 1 })}
                >
                  Move section down
                </button>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={shown}
                    onChange={(e) => dispatch({ type: "toggle-section", key, shown: e.target.checked })}
                  />
                  {`Show “${title}” on the CV`}
                </label>
                {key.startsWith("custom:") ? null : (
                  <div className="grow">
                    <TextInput
                      id={`title-${id}`}
                      label={`Heading of “${sectionTitle({ ...doc, settings: { ...doc.settings, titles: {} } }, key)}”`}
                      hint="Leave empty for the usual heading"
                      value={doc.settings.titles[key] ?? ""}
                      onChange={(value) => dispatch({ type: "set", path: ["settings", "titles", key], value })}
                      maxLength={60}
                    />
                  </div>
                )}
              </div>
              <SectionBody doc={doc} sectionKey={key} dispatch={dispatch} title={title} />
            </div>
          </details>
        );
      })}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!newTitle.trim() || doc.custom.length >= 10) return;
          dispatch({ type: "add-custom-section", id: newItemId("x"), title: newTitle.trim().slice(0, 60) });
          setNewTitle("");
        }}
      >
        <div className="grow">
          <TextInput
            id="new-section"
            label="Add a section of your own"
            hint="e.g. Leadership, Exhibitions, Patents (at most 10)"
            value={newTitle}
            onChange={setNewTitle}
            maxLength={60}
          />
        </div>
        <button type="submit" className="rounded border border-brand px-3 py-2 text-sm font-semibold text-brand">
          Add section
        </button>
      </form>
    </>
  );
}

/**
 * The preview at the width of its column: the page is drawn at its paper's width (595 pt for A4) and
 * zoomed down to fit, as a thumbnail would be, so the whole line of each entry shows. Set through the
 * element's style object: the CSP refuses style attributes, not script-set styles.
 */
function FitToWidth({
  width,
  children,
}: {
  /** What sets the page's width (its paper). */ width: string;
  children: ReactNode;
}) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = outer.current;
    const page = inner.current;
    if (!box || !page || typeof ResizeObserver === "undefined") return;
    const fit = () => {
      page.style.zoom = "1";
      const natural = page.scrollWidth;
      page.style.zoom = natural > box.clientWidth ? String(box.clientWidth / natural) : "1";
    };
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    fit();
    return () => observer.disconnect();
  }, [width]);
  return (
    <div ref={outer} className="min-w-0">
      <div ref={inner} className="w-max max-w-none">
        {children}
      </div>
    </div>
  );
}

export type EditorCv = { id: number; name: string; version: number; document: CvDocument };

/**
 * The CV editor: every part of the document by keyboard, a live preview beside it (below it on a
 * phone), saving as the person types, and a choice instead of a lost edit when another tab saved.
 */
export function CvEditor({
  cv,
  profile,
  hasPhoto,
  preview,
}: {
  cv: EditorCv;
  profile: Pick<CvDocument, "basics" | "education">;
  hasPhoto: boolean;
  /** The live preview of a document, with the address of its photo when it has one. */
  preview: (doc: CvDocument, photoUrl: string | null) => ReactNode;
}) {
  const [photo, setPhoto] = useState({ has: hasPhoto, stamp: 0 });
  const [state, dispatch] = useReducer(editorReducer, { doc: cv.document, removed: null });
  const [name, setName] = useState(cv.name);
  const { status, conflict, problem, takeTheirs, keepMine } = useAutosave({
    cvId: cv.id,
    name,
    doc: state.doc,
    initialVersion: cv.version,
  });
  // The preview follows typing without holding it up.
  const shown = useDeferredValue(state.doc);
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="grow">
          <TextInput
            id="cv-name"
            label="Name of this CV"
            hint="Only you see it"
            value={name}
            onChange={setName}
            maxLength={120}
          />
        </div>
        <p
          aria-live="polite"
          className={`text-sm ${status === "saved" ? "text-muted" : "font-semibold"}`}
          data-save-status={status}
        >
          {STATUS_TEXT[status]}
        </p>
        <Link to={`/cv-preview?cv=${cv.id}`} className="text-brand underline">
          Preview pages
        </Link>
        <Link to={`/download-cv?cv=${cv.id}`} className="font-semibold text-brand underline">
          Download
        </Link>
      </div>
      {problem && status === "refused" ? (
        <p
          role="alert"
          className="mt-3 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900"
        >{`Your last change could not be saved: ${problem}`}</p>
      ) : null}
      {conflict ? (
        <div role="alert" className="mt-3 rounded border-2 border-amber-600 bg-amber-50 p-3">
          <p className="font-semibold">
            This CV changed elsewhere (another tab or device saved it). Reload it, or keep yours?
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={BUTTON}
              onClick={() => {
                takeTheirs(conflict);
                dispatch({ type: "replace", doc: conflict.document });
                setName(conflict.name);
              }}
            >
              Reload the other version
            </button>
            <button type="button" className={BUTTON} onClick={() => keepMine(conflict)}>
              Keep mine
            </button>
          </div>
        </div>
      ) : null}
      {state.removed ? (
        <div
          role="status"
          className="mt-3 flex flex-wrap items-center gap-3 rounded border border-slate-400 bg-slate-50 p-3"
        >
          <p>{`Removed “${state.removed.label}”.`}</p>
          <button type="button" className={BUTTON} onClick={() => dispatch({ type: "undo-removal" })}>
            Undo
          </button>
        </div>
      ) : null}
      <datalist id="cv-skill-levels">
        {SKILL_LEVELS.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <details className="rounded border border-slate-300 bg-white" open>
            <summary className="cursor-pointer px-4 py-3 text-lg font-semibold">Personal details</summary>
            <div className="border-t border-slate-200 p-4">
              <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
                <button
                  type="button"
                  className={BUTTON}
                  onClick={() => dispatch({ type: "fill-from-profile", profile })}
                >
                  Fill in from my profile
                </button>
                Empty details and your course come from your account; nothing you wrote changes.
              </p>
              <Basics doc={state.doc} dispatch={dispatch} />
            </div>
          </details>
          <Sections doc={state.doc} dispatch={dispatch} />
          <details className="rounded border border-slate-300 bg-white">
            <summary className="cursor-pointer px-4 py-3 text-lg font-semibold">Design</summary>
            <div className="border-t border-slate-200 p-4">
              <Design doc={state.doc} dispatch={dispatch} />
              <div className="mt-4">
                <PhotoField
                  cvId={cv.id}
                  hasPhoto={photo.has}
                  onChange={(has) => setPhoto((p) => ({ has, stamp: p.stamp + 1 }))}
                />
              </div>
            </div>
          </details>
        </div>
        <section
          aria-label="Preview"
          className="min-w-0 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-auto"
        >
          <h2 className="sr-only">Preview</h2>
          <FitToWidth width={shown.settings.paper}>
            {preview(shown, photo.has ? `/api/cvs/${cv.id}/photo?v=${photo.stamp}` : null)}
          </FitToWidth>
        </section>
      </div>
    </div>
  );
}
