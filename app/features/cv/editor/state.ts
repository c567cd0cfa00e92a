import { type BuiltInSection, type CvDocument, type SectionKey, sectionOrder } from "../document";

/** The sections whose entries are a list the editor adds to, removes from and reorders. */
export type ListSection = Exclude<BuiltInSection, "summary" | "references">;
/** Where a list of entries lives: a built-in section, the references' entries, a custom section's items, or the basics' profiles. */
export type ListPath = ListSection | "references" | "profiles" | `custom:${string}`;

/** What the last removal took, so that one undo brings it back where it was. */
export type Removed =
  | { kind: "item"; list: ListPath; index: number; item: Record<string, unknown>; label: string }
  | { kind: "custom-section"; index: number; section: CvDocument["custom"][number]; order: string[]; label: string };

export type EditorState = { doc: CvDocument; removed: Removed | null };

export type EditorAction =
  | { type: "replace"; doc: CvDocument }
  | { type: "set"; path: (string | number)[]; value: unknown }
  | { type: "add-item"; list: ListPath; item: Record<string, unknown> }
  | { type: "remove-item"; list: ListPath; index: number; label: string }
  | { type: "move-item"; list: ListPath; index: number; by: -1 | 1 }
  | { type: "move-section"; key: SectionKey; by: -1 | 1 }
  | { type: "toggle-section"; key: SectionKey; shown: boolean }
  | { type: "add-custom-section"; id: string; title: string }
  | { type: "remove-custom-section"; id: string }
  | { type: "undo-removal" }
  | { type: "fill-from-profile"; profile: Pick<CvDocument, "basics" | "education"> };

/** A new id for an entry, unique within the document (Date.now and a counter: the editor runs in one tab). */
let counter = 0;
export const newItemId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`;

function listOf(doc: CvDocument, list: ListPath): Record<string, unknown>[] {
  if (list === "references") return doc.references.entries;
  if (list === "profiles") return doc.basics.profiles;
  if (list.startsWith("custom:")) return doc.custom.find((c) => `custom:${c.id}` === list)?.items ?? [];
  return doc[list as ListSection] as Record<string, unknown>[];
}

function withList(doc: CvDocument, list: ListPath, items: Record<string, unknown>[]): CvDocument {
  if (list === "references")
    return { ...doc, references: { ...doc.references, entries: items as CvDocument["references"]["entries"] } };
  if (list === "profiles")
    return { ...doc, basics: { ...doc.basics, profiles: items as CvDocument["basics"]["profiles"] } };
  if (list.startsWith("custom:")) {
    return {
      ...doc,
      custom: doc.custom.map((c) => (`custom:${c.id}` === list ? { ...c, items: items as typeof c.items } : c)),
    };
  }
  return { ...doc, [list]: items };
}

/** A copy of `target` with the value at `path` replaced (objects and arrays copied along the way). */
function setIn(target: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(target)) {
    const copy = [...target];
    copy[head as number] = setIn(copy[head as number], rest, value);
    return copy;
  }
  const obj = (target ?? {}) as Record<string, unknown>;
  return { ...obj, [head as string]: setIn(obj[head as string], rest, value) };
}

function move<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || index >= items.length || to >= items.length) return [...items];
  const copy = [...items];
  [copy[index], copy[to]] = [copy[to]!, copy[index]!];
  return copy;
}

/** Every edit of the editor, as a pure function, so that each is tested without a browser. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { doc } = state;
  switch (action.type) {
    case "replace":
      return { doc: action.doc, removed: null };
    case "set":
      return { ...state, doc: setIn(doc, action.path, action.value) as CvDocument };
    case "add-item":
      return { ...state, doc: withList(doc, action.list, [...listOf(doc, action.list), action.item]) };
    case "remove-item": {
      const items = listOf(doc, action.list);
      const item = items[action.index];
      if (!item) return state;
      return {
        doc: withList(
          doc,
          action.list,
          items.filter((_, i) => i !== action.index),
        ),
        removed: { kind: "item", list: action.list, index: action.index, item, label: action.label },
      };
    }
    case "move-item":
      return { ...state, doc: withList(doc, action.list, move(listOf(doc, action.list), action.index, action.by)) };
    case "move-section": {
      // The order is written out whole, so that a move means the same whatever the default order becomes.
      const order = sectionOrder(doc);
      return { ...state, doc: { ...doc, order: move(order, order.indexOf(action.key), action.by) } };
    }
    case "toggle-section": {
      const hidden = doc.hidden.filter((k) => k !== action.key);
      return { ...state, doc: { ...doc, hidden: action.shown ? hidden : [...hidden, action.key] } };
    }
    case "add-custom-section":
      return { ...state, doc: { ...doc, custom: [...doc.custom, { id: action.id, title: action.title, items: [] }] } };
    case "remove-custom-section": {
      const index = doc.custom.findIndex((c) => c.id === action.id);
      if (index < 0) return state;
      const key = `custom:${action.id}`;
      const section = doc.custom[index]!;
      return {
        doc: {
          ...doc,
          custom: doc.custom.filter((c) => c.id !== action.id),
          order: doc.order.filter((k) => k !== key),
          hidden: doc.hidden.filter((k) => k !== key),
        },
        removed: { kind: "custom-section", index, section, order: doc.order, label: section.title },
      };
    }
    case "fill-from-profile": {
      // What the person wrote stays; only empty details are filled, and a course not listed yet is added.
      const b = doc.basics;
      const p = action.profile.basics;
      const basics = {
        ...b,
        name: b.name || p.name,
        email: b.email || p.email,
        phone: b.phone || p.phone,
        location: { ...b.location, countryCode: b.location.countryCode || p.location.countryCode },
        profiles: [
          ...b.profiles,
          ...p.profiles
            .filter((x) => !b.profiles.some((y) => y.url === x.url))
            .map((x) => ({ ...x, id: newItemId("p") })),
        ],
      };
      const known = (e: CvDocument["education"][number]) =>
        doc.education.some((d) => d.institution.trim().toLowerCase() === e.institution.trim().toLowerCase());
      const education = [
        ...action.profile.education.filter((e) => !known(e)).map((e) => ({ ...e, id: newItemId("e") })),
        ...doc.education,
      ];
      return { ...state, doc: { ...doc, basics, education } };
    }
    case "undo-removal": {
      const removed = state.removed;
      if (!removed) return state;
      if (removed.kind === "item") {
        const items = [...listOf(doc, removed.list)];
        items.splice(Math.min(removed.index, items.length), 0, removed.item);
        return { doc: withList(doc, removed.list, items), removed: null };
      }
      const custom = [...doc.custom];
      custom.splice(Math.min(removed.index, custom.length), 0, removed.section);
      return { doc: { ...doc, custom, order: removed.order }, removed: null };
    }
  }
}
