import { AsYouType, type CountryCode } from "libphonenumber-js/core";
import metadata from "libphonenumber-js/metadata.max.json";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { type CountryEntry, buildCountries } from "../countries";
import { PHONE_INPUT_MAXLENGTH, type PhoneResult, isCountryAllowed, parsePhone, phoneErrorMessage } from "../parse";
import { Flag } from "./flag";

/** Spec section 9: the dropdown opens upward when less space than this lies below it. */
export const DROPDOWN_SPACE_THRESHOLD_PX = 200;
/** Spec section 4: typed letters while the list is open reset after this long. */
export const TYPE_TO_FIND_RESET_MS = 700;
export const DEFAULT_IP_LOOKUP_URL = "/api/ip-country";

export type PhoneInputProps = {
  label: string;
  /** Form field name: `name` carries E.164 when valid; `${name}_text` and `${name}_country` what was typed and chosen. */
  name?: string;
  id?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (text: string, result: PhoneResult) => void;
  defaultCountry?: string;
  preferredCountries?: readonly string[];
  onlyCountries?: readonly string[];
  ignoredCountries?: readonly string[];
  disabled?: boolean;
  required?: boolean;
  autoFormat?: boolean;
  autoDefaultCountry?: boolean;
  mode?: string;
  showFlags?: boolean;
  showDialCodeInList?: boolean;
  showSearchBox?: boolean;
  validCharactersOnly?: boolean;
  customValidate?: RegExp | false;
  invalidMsg?: string;
  placeholder?: string;
  /** A line of help under the label. */
  hint?: string;
  /** An error from the server, shown until the person edits the number. */
  error?: string;
  ipLookupUrl?: string;
  ipLookupTimeoutMs?: number;
};

const INVALID_CHARACTERS = /[^\d\s()+-]/g;

/** The country a "+..." number points at so far: the parser's answer, else the dial code's main country. */
function countryFromTyping(text: string, countries: CountryEntry[]): CountryCode | undefined {
  const typing = new AsYouType(undefined, metadata);
  typing.input(text);
  const exact = typing.getCountry();
  if (exact && countries.some((c) => c.iso2 === exact)) return exact;
  const dial = typing.getCallingCode();
  if (!dial) return undefined;
  const national = text.replace(/\D/g, "").slice(dial.length);
  const sharing = countries.filter((c) => c.dialCode === dial);
  const byArea = sharing.find((c) => c.areaCodes?.some((a) => national.startsWith(a)));
  return (byArea ?? [...sharing].sort((a, b) => a.priority - b.priority)[0])?.iso2;
}

export function PhoneInput(props: PhoneInputProps) {
  const {
    label,
    name,
    autoFormat = true,
    autoDefaultCountry = true,
    mode = "auto",
    showFlags = true,
    showDialCodeInList = true,
    showSearchBox = false,
    validCharactersOnly = false,
    customValidate = false,
    invalidMsg = "",
    placeholder = "Enter a phone number",
    ipLookupUrl = DEFAULT_IP_LOOKUP_URL,
    ipLookupTimeoutMs = 3000,
  } = props;
  const baseId = useId();
  const inputId = props.id ?? `${baseId}-input`;
  const listId = `${baseId}-list`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  const allCountries = useMemo(() => buildCountries(), []);
  // Preferred countries first, then every allowed country by name.
  const { countries, preferredCount } = useMemo(() => {
    const allowed = allCountries.filter((c) => isCountryAllowed(c.iso2, props));
    const preferred = (props.preferredCountries ?? [])
      .map((p) => allowed.find((c) => c.iso2 === p.toUpperCase()))
      .filter((c): c is CountryEntry => !!c);
    return {
      countries: [...preferred, ...allowed.filter((c) => !preferred.includes(c))],
      preferredCount: preferred.length,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lists are compared by content
  }, [allCountries, String(props.onlyCountries), String(props.ignoredCountries), String(props.preferredCountries)]);

  const [innerText, setInnerText] = useState(props.defaultValue ?? "");
  const text = props.value ?? innerText;
  const configured = props.defaultCountry?.toUpperCase();
  const fallback = (countries.find((c) => c.iso2 === props.preferredCountries?.[0]?.toUpperCase()) ?? countries[0])
    ?.iso2;
  const [country, setCountry] = useState<CountryCode | undefined>(() => {
    if (text.trimStart().startsWith("+")) {
      const fromNumber = countryFromTyping(text, countries);
      if (fromNumber) return fromNumber;
    }
    return countries.find((c) => c.iso2 === configured)?.iso2 ?? fallback;
  });
  const chosen = useRef(!!configured || text.trimStart().startsWith("+"));

  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const [query, setQuery] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState(props.error);
  // Each answer of the server brings its own error (or none).
  useEffect(() => setServerError(props.error), [props.error]);
  const typed = useRef({ text: "", timer: undefined as ReturnType<typeof setTimeout> | undefined });
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // Spec section 4: after a "+" number and a configured country, ask the IP look-up; if it fails, keep the fallback.
  useEffect(() => {
    if (chosen.current || !autoDefaultCountry) return;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), ipLookupTimeoutMs);
    fetch(ipLookupUrl, { signal: abort.signal })
      .then((r) => r.text())
      .then((answer) => {
        const code = answer.slice(2, 4).toUpperCase();
        if (answer[0] !== "1" || !countries.some((c) => c.iso2 === code)) throw new Error(answer);
        // A late answer never overrides a country the person already chose.
        if (!chosen.current) setCountry(code as CountryCode);
      })
      .catch(() => console.warn("unable to fetch the country"))
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  const parse = useMemo(
    () =>
      parsePhone(text, {
        country,
        mode,
        onlyCountries: props.onlyCountries,
        ignoredCountries: props.ignoredCountries,
        validCharactersOnly,
        customValidate,
      }),
    [text, country, mode, props.onlyCountries, props.ignoredCountries, validCharactersOnly, customValidate],
  );
  const message = serverError ?? (touched && text.trim() ? phoneErrorMessage(parse, invalidMsg) : null);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase().replace(/^\+/, "");
    if (!showSearchBox || !q) return countries;
    return countries.filter(
      (c) => c.name.toLowerCase().includes(q) || c.iso2.toLowerCase() === q || c.dialCode.startsWith(q),
    );
  }, [countries, query, showSearchBox]);
  const selected = countries.find((c) => c.iso2 === country);

  function update(next: string) {
    let value = validCharactersOnly ? next.replace(INVALID_CHARACTERS, "") : next;
    let nextCountry = country;
    if (value.trimStart().startsWith("+")) {
      const fromNumber = countryFromTyping(value, countries);
      if (fromNumber) {
        nextCountry = fromNumber;
        chosen.current = true;
      }
    }
    if (autoFormat && value.length > text.length) {
      const formatted = new AsYouType(value.trimStart().startsWith("+") ? undefined : nextCountry, metadata).input(
        value,
      );
      if (formatted && formatted.length <= PHONE_INPUT_MAXLENGTH) value = formatted;
    }
    setCountry(nextCountry);
    setServerError(undefined);
    if (props.value === undefined) setInnerText(value);
    if (props.onChange) {
      const options = {
        country: nextCountry,
        mode,
        onlyCountries: props.onlyCountries,
        ignoredCountries: props.ignoredCountries,
        validCharactersOnly,
        customValidate,
      };
      props.onChange(value, parsePhone(value, options).result);
    }
  }

  function openList() {
    if (props.disabled) return;
    const rect = button.current?.getBoundingClientRect();
    setUpward(!!rect && window.innerHeight - rect.bottom < DROPDOWN_SPACE_THRESHOLD_PX);
    setQuery("");
    setHighlight(
      Math.max(
        0,
        countries.findIndex((c) => c.iso2 === country),
      ),
    );
    setOpen(true);
  }

  function close(focusButton = true) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function pick(entry: CountryEntry | undefined) {
    if (!entry) return;
    chosen.current = true;
    const old = selected?.dialCode;
    setCountry(entry.iso2);
    if (old && text.trimStart().startsWith(`+${old}`)) update(text.replace(`+${old}`, `+${entry.dialCode}`));
    close();
  }

  function typeToFind(key: string) {
    const t = typed.current;
    clearTimeout(t.timer);
    t.text += key.toLowerCase();
    t.timer = setTimeout(() => (t.text = ""), TYPE_TO_FIND_RESET_MS);
    const found = shown.findIndex((c) => c.name.toLowerCase().startsWith(t.text));
    if (found >= 0) setHighlight(found);
  }

  function onListKey(event: React.KeyboardEvent, fromSearch = false) {
    if (!open) {
      if (["ArrowDown", "ArrowUp", "Enter", " "].includes(event.key)) {
        event.preventDefault();
        openList();
      }
      return;
    }
    const last = shown.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(highlight + 1, last),
      ArrowUp: Math.max(highlight - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves && !(fromSearch && (event.key === "Home" || event.key === "End"))) {
      event.preventDefault();
      setHighlight(moves[event.key]!);
    } else if (event.key === "Enter") {
      event.preventDefault();
      pick(shown[highlight]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") {
      setOpen(false);
    } else if (!fromSearch && event.key.length === 1 && /\p{L}/u.test(event.key)) {
      event.preventDefault();
      typeToFind(event.key);
    }
  }

  useEffect(() => {
    if (!open) return;
    if (showSearchBox) search.current?.focus();
    const outside = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, [open, showSearchBox]);

  useEffect(() => {
    if (open) list.current?.querySelector(`[data-index="${highlight}"]`)?.scrollIntoView({ block: "nearest" });
  }, [open, highlight]);

  useEffect(() => () => clearTimeout(typed.current.timer), []);

  const optionId = (i: number) => `${baseId}-option-${i}`;
  const activeDescendant = open && shown[highlight] ? optionId(highlight) : undefined;
  return (
    <div ref={container} className="phone-input">
      <label htmlFor={inputId} className="block font-medium">
        {label}
      </label>
      {props.hint ? (
        <p id={hintId} className="text-sm text-muted">
          {props.hint}
        </p>
      ) : null}
      <div className="relative mt-1 flex">
        <button
          ref={button}
          type="button"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={showSearchBox ? undefined : activeDescendant}
          aria-label={`Country: ${selected ? `${selected.name} +${selected.dialCode}` : "none chosen"}`}
          disabled={props.disabled}
          onClick={() => (open ? close() : openList())}
          onKeyDown={(e) => onListKey(e)}
          className="flex items-center gap-1 rounded-l border border-r-0 border-slate-500 bg-white px-2 py-2 disabled:opacity-60"
        >
          {showFlags && selected ? <Flag iso2={selected.iso2} /> : null}
          <span aria-hidden="true" className="text-sm">
            +{selected?.dialCode}
          </span>
          <span aria-hidden="true" className="text-xs">
            ▾
          </span>
        </button>
        <input
          id={inputId}
          name={name ? `${name}_text` : undefined}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={text}
          placeholder={placeholder}
          maxLength={PHONE_INPUT_MAXLENGTH}
          disabled={props.disabled}
          required={props.required}
          aria-invalid={message ? true : undefined}
          aria-describedby={[props.hint ? hintId : "", message ? errorId : ""].filter(Boolean).join(" ") || undefined}
          onChange={(e) => update(e.target.value)}
          onBlur={() => setTouched(true)}
          className="w-full rounded-r border border-slate-500 px-3 py-2"
        />
        {name ? (
          <>
            <input type="hidden" name={name} value={parse.e164 ?? ""} />
            <input type="hidden" name={`${name}_country`} value={country ?? ""} />
          </>
        ) : null}
        {open ? (
          <div
            className={`absolute left-0 z-20 w-80 max-w-[90vw] rounded border border-slate-400 bg-white shadow-lg ${upward ? "bottom-full mb-1" : "top-full mt-1"}`}
            data-placement={upward ? "top" : "bottom"}
          >
            {showSearchBox ? (
              <input
                ref={search}
                type="search"
                role="combobox"
                aria-expanded="true"
                aria-controls={listId}
                aria-activedescendant={activeDescendant}
                aria-label="Search countries"
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setHighlight(0);
                }}
                onKeyDown={(e) => onListKey(e, true)}
                className="m-2 w-[calc(100%-1rem)] rounded border border-slate-500 px-2 py-1"
              />
            ) : null}
            <ul ref={list} id={listId} role="listbox" aria-label="Countries" className="max-h-64 overflow-y-auto py-1">
              {shown.map((c, i) => (
                // Keyboard use goes through the combobox (aria-activedescendant), as the ARIA pattern has it.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={c.iso2}
                  id={optionId(i)}
                  data-index={i}
                  role="option"
                  aria-selected={c.iso2 === country}
                  aria-label={`${c.name} +${c.dialCode}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(c)}
                  className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 ${i === highlight ? "bg-blue-100" : ""} ${
                    !query && i === preferredCount - 1 ? "border-b border-slate-300" : ""
                  }`}
                >
                  {showFlags ? <Flag iso2={c.iso2} lazy /> : null}
                  <span>{c.name}</span>
                  {showDialCodeInList ? <span className="ml-auto text-sm text-muted">+{c.dialCode}</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {message ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {message}
        </p>
      ) : null}
    </div>
  );
}
