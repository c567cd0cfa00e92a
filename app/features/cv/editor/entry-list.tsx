import { type Dispatch, useRef } from "react";
import { type CvDocument } from "../document";
import { CEFR_OPTIONS, type EntrySpec, newEntry, specOf } from "./fields";
import { EndInput, LinesInput, MonthInput, RichTextInput, SelectInput, TextInput } from "./inputs";
import { type EditorAction, type ListPath, newItemId } from "./state";

const BUTTON = "rounded border border-slate-500 px-2 py-1 text-sm disabled:opacity-40";

/** The entries of a list, where it lives in the document (for `set` paths). */
export function entriesAt(
  doc: CvDocument,
  list: ListPath,
): { items: Record<string, unknown>[]; path: (string | number)[] } {
  if (list === "references") return { items: doc.references.entries, path: ["references", "entries"] };
  if (list === "profiles") return { items: doc.basics.profiles, path: ["basics", "profiles"] };
  if (list.startsWith("custom:")) {
    const index = doc.custom.findIndex((c) => `custom:${c.id}` === list);
    return { items: doc.custom[index]?.items ?? [], path: ["custom", index, "items"] };
  }
  return { items: doc[list as "work"] as Record<string, unknown>[], path: [list] };
}

function EntryField({
  spec,
  item,
  base,
  dispatch,
}: {
  spec: EntrySpec["fields"][number];
  item: Record<string, unknown>;
  base: (string | number)[];
  dispatch: Dispatch<EditorAction>;
}) {
  const id = [...base, spec.key].join("-");
  const set = (value: unknown) => dispatch({ type: "set", path: [...base, spec.key], value });
  const value = item[spec.key];
  const common = { id, label: spec.label, hint: spec.hint };
  switch (spec.kind) {
    case "month":
      return <MonthInput {...common} value={String(value ?? "")} onChange={set} />;
    case "end":
      return <EndInput {...common} value={String(value ?? "")} onChange={set} />;
    case "rich":
      return <RichTextInput {...common} value={String(value ?? "")} onChange={set} />;
    case "lines":
      return <LinesInput {...common} value={(value as string[]) ?? []} onChange={set} />;
    case "cefr":
      return <SelectInput {...common} value={String(value ?? "")} onChange={set} options={CEFR_OPTIONS} />;
    case "level":
      return <TextInput {...common} value={String(value ?? "")} onChange={set} maxLength={40} list="cv-skill-levels" />;
    default:
      return (
        <TextInput
          {...common}
          type={spec.kind === "url" ? "url" : "text"}
          value={String(value ?? "")}
          onChange={set}
          maxLength={spec.kind === "url" ? 500 : 200}
        />
      );
  }
}

/**
 * A list of entries (jobs, courses, skills …): each in a group named after it, with its fields and
 * buttons to move it up or down and remove it; "Add" appends an empty one and moves the focus to it.
 */
export function EntryList({
  doc,
  list,
  dispatch,
  heading,
}: {
  doc: CvDocument;
  list: ListPath;
  dispatch: Dispatch<EditorAction>;
  heading: string;
}) {
  const spec = specOf(list);
  const { items, path } = entriesAt(doc, list);
  const container = useRef<HTMLOListElement>(null);
  const add = () => {
    dispatch({ type: "add-item", list, item: newEntry(spec, newItemId(spec.prefix)) });
    // Focus the new entry's first field once it is drawn.
    requestAnimationFrame(() =>
      container.current?.querySelector<HTMLElement>("li:last-child input, li:last-child textarea")?.focus(),
    );
  };
  return (
    <div>
      {items.length ? (
        <ol ref={container} className="space-y-4">
          {items.map((item, index) => {
            const title = spec.title(item);
            const base = [...path, index];
            return (
              <li key={String(item.id)}>
                <fieldset className="rounded border border-slate-300 p-3">
                  <legend className="px-1 font-semibold">{title}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    {spec.fields.map((f) => (
                      <div key={f.key} className={f.wide ? "sm:col-span-2" : undefined}>
                        <EntryField spec={f} item={item} base={base} dispatch={dispatch} />
                      </div>
                    ))}
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={BUTTON}
                      disabled={index === 0}
                      aria-label={`Move up: ${title}`}
                      onClick={() => dispatch({ type: "move-item", list, index, by: -1 })}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      className={BUTTON}
                      disabled={index === items.length - 1}
                      aria-label={`Move down: ${title}`}
                      onClick={() => dispatch({ type: "move-item", list, index, by: 1 })}
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      className={`${BUTTON} border-red-700 text-red-800`}
                      aria-label={`Remove: ${title}`}
                      onClick={() => dispatch({ type: "remove-item", list, index, label: title })}
                    >
                      Remove
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-muted">{`No ${spec.noun} yet.`}</p>
      )}
      <button
        type="button"
        className="mt-3 rounded border border-brand px-3 py-2 text-sm font-semibold text-brand"
        onClick={add}
        aria-label={`Add ${spec.noun} to ${heading}`}
      >
        {`Add ${spec.noun}`}
      </button>
    </div>
  );
}
