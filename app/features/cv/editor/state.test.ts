import { describe, expect, it } from "vitest";
import { CvDocument, sectionOrder } from "../document";
import { SAMPLE_CV } from "../sample";
import { ENTRY_SPECS, newEntry, specOf } from "./fields";
import { type EditorState, editorReducer } from "./state";

const start: EditorState = { doc: SAMPLE_CV, removed: null };

describe("the editor's edits", () => {
  it("sets a nested field without touching the original", () => {
    const next = editorReducer(start, { type: "set", path: ["work", 1, "position"], value: "Senior analyst" });
    expect(next.doc.work[1]!.position).toBe("Senior analyst");
    expect(SAMPLE_CV.work[1]!.position).toBe("Operations Analyst");
    expect(next.doc.work[0]).toBe(SAMPLE_CV.work[0]);
  });

  it("adds entries that pass the schema, moves them, and moves sections", () => {
    let s = editorReducer(start, { type: "add-item", list: "skills", item: newEntry(ENTRY_SPECS.skills, "s9") });
    expect(s.doc.skills.at(-1)).toEqual({ id: "s9", name: "", level: "", keywords: [] });
    expect(CvDocument.safeParse(s.doc).success).toBe(true);
    s = editorReducer(s, { type: "move-item", list: "skills", index: 3, by: -1 });
    expect(s.doc.skills.map((k) => k.id)).toEqual(["s1", "s2", "s9", "s3"]);
    expect(editorReducer(s, { type: "move-item", list: "skills", index: 0, by: -1 }).doc.skills).toEqual(s.doc.skills);
    s = editorReducer(s, { type: "move-section", key: "education", by: -1 });
    expect(sectionOrder(s.doc).slice(0, 3)).toEqual(["summary", "education", "work"]);
    s = editorReducer(s, { type: "toggle-section", key: "interests", shown: false });
    expect(s.doc.hidden).toEqual(["interests"]);
    expect(editorReducer(s, { type: "toggle-section", key: "interests", shown: true }).doc.hidden).toEqual([]);
  });

  it("adds to every list an entry with every field of its schema, which the templates print from", () => {
    let doc = SAMPLE_CV;
    for (const list of [
      "work",
      "education",
      "skills",
      "languages",
      "projects",
      "certificates",
      "awards",
      "volunteer",
      "publications",
      "interests",
      "references",
      "profiles",
      "custom:x1",
    ] as const) {
      const spec = specOf(list);
      doc = editorReducer(
        { doc, removed: null },
        { type: "add-item", list, item: newEntry(spec, `${spec.prefix}new`) },
      ).doc;
    }
    expect(CvDocument.parse(doc)).toEqual(doc);
  });

  it("undoes the last removal, putting the entry back where it was", () => {
    const removed = editorReducer(start, {
      type: "remove-item",
      list: "work",
      index: 0,
      label: "Graduate Data Analyst, Northwind Retail Group",
    });
    expect(removed.doc.work.map((w) => w.id)).toEqual(["w2"]);
    expect(removed.removed?.label).toBe("Graduate Data Analyst, Northwind Retail Group");
    const undone = editorReducer(removed, { type: "undo-removal" });
    expect(undone.doc.work).toEqual(SAMPLE_CV.work);
    expect(undone.removed).toBeNull();
  });

  it("removes a custom section with its place in the order, and brings both back", () => {
    const ordered = editorReducer(start, { type: "set", path: ["order"], value: ["custom:x1", "work"] });
    const removed = editorReducer(ordered, { type: "remove-custom-section", id: "x1" });
    expect(removed.doc.custom).toEqual([]);
    expect(removed.doc.order).toEqual(["work"]);
    expect(CvDocument.safeParse(removed.doc).success).toBe(true);
    expect(editorReducer(removed, { type: "undo-removal" }).doc).toEqual(ordered.doc);
  });

  it("edits the entries of references, profiles and custom sections", () => {
    let s = editorReducer(start, { type: "add-item", list: "custom:x1", item: newEntry(ENTRY_SPECS.custom, "x2") });
    expect(s.doc.custom[0]!.items.map((i) => i.id)).toEqual(["x1a", "x2"]);
    s = editorReducer(s, { type: "remove-item", list: "profiles", index: 1, label: "GitHub" });
    expect(s.doc.basics.profiles.map((p) => p.network)).toEqual(["LinkedIn"]);
    s = editorReducer(s, { type: "add-item", list: "references", item: newEntry(ENTRY_SPECS.references, "r2") });
    expect(s.doc.references.entries).toHaveLength(2);
    expect(CvDocument.safeParse(s.doc).success).toBe(true);
  });
});

describe("filling from the profile", () => {
  it("fills only empty details and adds a course not listed yet, first", () => {
    const profile = {
      basics: {
        ...SAMPLE_CV.basics,
        name: "Someone Else",
        email: "amara@uni.example",
        phone: "+447700000000",
        profiles: [SAMPLE_CV.basics.profiles[0]!],
      },
      education: [
        { ...SAMPLE_CV.education[0]!, id: "e1", institution: "Demo University" },
        { ...SAMPLE_CV.education[1]!, institution: "university of lagos" },
      ],
    };
    const empty = { ...SAMPLE_CV, basics: { ...SAMPLE_CV.basics, email: "", phone: "" } };
    const next = editorReducer({ doc: empty, removed: null }, { type: "fill-from-profile", profile });
    expect(next.doc.basics).toMatchObject({ name: "Amara Okafor", email: "amara@uni.example", phone: "+447700000000" });
    expect(next.doc.basics.profiles).toHaveLength(2);
    expect(next.doc.education.map((e) => e.institution)).toEqual([
      "Demo University",
      "University of Manchester",
      "University of Lagos",
    ]);
    expect(new Set(next.doc.education.map((e) => e.id)).size).toBe(3);
  });
});
