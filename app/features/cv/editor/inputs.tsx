import { useId, useRef } from "react";
import { PRESENT } from "../document";

const INPUT = "mt-1 w-full rounded border border-slate-500 px-3 py-2";
const SMALL_BUTTON = "rounded border border-slate-500 px-2 py-1 text-sm";

type Base = { id: string; label: string; hint?: string; error?: string };

function Label({ id, label, hint, error }: Base) {
  return (
    <>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
}
const describedBy = ({ id, hint, error }: Base) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

export function TextInput(
  props: Base & {
    value: string;
    onChange: (value: string) => void;
    type?: "text" | "url" | "email";
    maxLength?: number;
    list?: string;
  },
) {
  const { id, value, onChange, type = "text", maxLength = 200, list } = props;
  return (
    <div>
      <Label {...props} />
      <input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        list={list}
        aria-describedby={describedBy(props)}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={INPUT}
      />
    </div>
  );
}

/** A month as YYYY-MM: the browser's month picker where it has one, typed text where not. */
export function MonthInput(props: Base & { value: string; onChange: (value: string) => void }) {
  const { id, value, onChange } = props;
  return (
    <div>
      <Label {...props} />
      <input
        id={id}
        type="month"
        value={/^\d{4}-\d{2}/.test(value) ? value.slice(0, 7) : value}
        placeholder="YYYY-MM"
        pattern="\d{4}-\d{2}"
        aria-describedby={describedBy(props)}
        onChange={(e) => onChange(e.target.value)}
        className={INPUT}
      />
    </div>
  );
}

/** The end of something: a month, or "still here". */
export function EndInput(props: Base & { value: string; onChange: (value: string) => void; presentLabel?: string }) {
  const { id, value, onChange, presentLabel = "Still here" } = props;
  const present = value === PRESENT;
  return (
    <div>
      <Label {...props} />
      <input
        id={id}
        type="month"
        value={present ? "" : /^\d{4}-\d{2}/.test(value) ? value.slice(0, 7) : value}
        disabled={present}
        placeholder="YYYY-MM"
        aria-describedby={describedBy(props)}
        onChange={(e) => onChange(e.target.value)}
        className={`${INPUT} disabled:bg-slate-100`}
      />
      <label className="mt-1 flex items-center gap-2 text-sm">
        <input type="checkbox" checked={present} onChange={(e) => onChange(e.target.checked ? PRESENT : "")} />
        {presentLabel}
      </label>
    </div>
  );
}

/** One entry per line (achievements, modules, keywords). */
export function LinesInput(props: Base & { value: string[]; onChange: (value: string[]) => void }) {
  const { id, value, onChange } = props;
  return (
    <div>
      <Label {...props} />
      <textarea
        id={id}
        value={value.join("\n")}
        rows={Math.min(8, Math.max(3, value.length + 1))}
        aria-describedby={describedBy(props)}
        onChange={(e) => onChange(e.target.value.split("\n").slice(0, 30))}
        className={INPUT}
      />
    </div>
  );
}

export function SelectInput(
  props: Base & {
    value: string;
    onChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
  },
) {
  const { id, value, onChange, options } = props;
  return (
    <div>
      <Label {...props} />
      <select
        id={id}
        value={value}
        aria-describedby={describedBy(props)}
        onChange={(e) => onChange(e.target.value)}
        className={INPUT}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Rich text as the CV keeps it (rich-text.ts): the buttons, and Ctrl+B / Ctrl+I, wrap the selected
 * words in its markers, so what is typed stays plain, readable text.
 */
export function RichTextInput(props: Base & { value: string; onChange: (value: string) => void; maxLength?: number }) {
  const { id, value, onChange, maxLength = 5000 } = props;
  const area = useRef<HTMLTextAreaElement>(null);
  const toolbar = useId();
  const apply = (kind: "bold" | "italic" | "list" | "link") => {
    const el = area.current;
    if (!el) return;
    const [from, to] = [el.selectionStart, el.selectionEnd];
    const selected = value.slice(from, to);
    let insert: string;
    if (kind === "bold") insert = `**${selected || "bold words"}**`;
    else if (kind === "italic") insert = `*${selected || "italic words"}*`;
    else if (kind === "link") insert = `[${selected || "link text"}](https://)`;
    else {
      const lines = (selected || "First point").split("\n").map((l) => (l.startsWith("- ") ? l : `- ${l}`));
      insert = `${from > 0 && value[from - 1] !== "\n" ? "\n" : ""}${lines.join("\n")}`;
    }
    const next = value.slice(0, from) + insert + value.slice(to);
    onChange(next.slice(0, maxLength));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(from, from + insert.length);
    });
  };
  return (
    <div>
      <Label {...props} />
      <div
        role="toolbar"
        aria-label={`Formatting: ${props.label}`}
        aria-controls={id}
        id={toolbar}
        className="mt-1 flex gap-1"
      >
        <button type="button" className={`${SMALL_BUTTON} font-bold`} onClick={() => apply("bold")}>
          Bold
        </button>
        <button type="button" className={`${SMALL_BUTTON} italic`} onClick={() => apply("italic")}>
          Italic
        </button>
        <button type="button" className={SMALL_BUTTON} onClick={() => apply("list")}>
          List
        </button>
        <button type="button" className={SMALL_BUTTON} onClick={() => apply("link")}>
          Link
        </button>
      </div>
      <textarea
        ref={area}
        id={id}
        value={value}
        maxLength={maxLength}
        rows={4}
        aria-describedby={[describedBy(props), `${id}-format`].filter(Boolean).join(" ")}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && (e.key === "b" || e.key === "i")) {
            e.preventDefault();
            apply(e.key === "b" ? "bold" : "italic");
          }
        }}
        className={INPUT}
      />
      <p id={`${id}-format`} className="text-xs text-muted">
        **bold**, *italic*, a line starting “- ” for a list, [text](https://address) for a link.
      </p>
    </div>
  );
}
