import type { z } from "zod";
import {
  Award,
  CEFR_LEVELS,
  Certificate,
  CustomItem,
  Education,
  Interest,
  Language,
  Profile,
  Project,
  Publication,
  Reference,
  SKILL_LEVELS,
  Skill,
  Volunteer,
  Work,
} from "../document";
import type { ListPath, ListSection } from "./state";

/** How the editor asks for one field of an entry. */
export type FieldKind = "text" | "url" | "month" | "end" | "rich" | "lines" | "level" | "cefr";
export type FieldSpec = { key: string; label: string; kind: FieldKind; hint?: string; wide?: boolean };
/** A kind of entry: its fields, its name in buttons ("Add job"), and the line that names one entry. */
export type EntrySpec = {
  noun: string;
  prefix: string;
  /** The schema of one entry: a new entry is an empty one of it, every field present. */
  schema: z.ZodType<Record<string, unknown>>;
  fields: FieldSpec[];
  title: (item: Record<string, unknown>) => string;
};

const text = (key: string, label: string, hint?: string): FieldSpec => ({ key, label, kind: "text", hint });
const url = (key = "url", label = "Web address"): FieldSpec => ({
  key,
  label,
  kind: "url",
  hint: "Starting with https://",
});
const rich = (key: string, label: string): FieldSpec => ({ key, label, kind: "rich", wide: true });
const lines = (key: string, label: string, hint = "One per line"): FieldSpec => ({
  key,
  label,
  kind: "lines",
  hint,
  wide: true,
});
const start: FieldSpec = { key: "start", label: "From", kind: "month", hint: "Month and year" };
const end: FieldSpec = { key: "end", label: "To", kind: "end", hint: "Month and year, or tick “Still here”" };
const date = (key: string, label: string): FieldSpec => ({ key, label, kind: "month", hint: "Month and year" });
const join = (...parts: unknown[]) => parts.filter((p) => typeof p === "string" && p.trim()).join(", ");

export const ENTRY_SPECS: Record<ListSection | "references" | "profiles" | "custom", EntrySpec> = {
  work: {
    noun: "job",
    prefix: "w",
    schema: Work,
    fields: [
      text("position", "Job title"),
      text("name", "Employer"),
      text("location", "Location"),
      url(),
      start,
      end,
      rich("summary", "What you did"),
      lines("highlights", "Achievements", "One per line: start with a verb, give a number where you can"),
    ],
    title: (i) => join(i.position, i.name) || "New job",
  },
  education: {
    noun: "course",
    prefix: "e",
    schema: Education,
    fields: [
      text("studyType", "Qualification", "e.g. MSc, BA (Hons)"),
      text("area", "Subject"),
      text("institution", "University or school"),
      text("location", "Location"),
      start,
      end,
      text("score", "Grade", "e.g. Distinction, 2:1, GPA 3.8"),
      lines("courses", "Modules"),
      rich("summary", "Details"),
    ],
    title: (i) => join(i.studyType, i.area, i.institution) || "New course",
  },
  skills: {
    noun: "skill",
    prefix: "s",
    schema: Skill,
    fields: [
      text("name", "Skill"),
      { key: "level", label: "Level", kind: "level", hint: `${SKILL_LEVELS.join(", ")}, or your own words` },
      lines("keywords", "Tools and keywords"),
    ],
    title: (i) => join(i.name) || "New skill",
  },
  languages: {
    noun: "language",
    prefix: "l",
    schema: Language,
    fields: [
      text("language", "Language"),
      {
        key: "cefr",
        label: "Level (CEFR)",
        kind: "cefr",
        hint: "A1 (beginner) to C2 (proficient); the Europass grid shows it",
      },
      text("fluency", "In your words", "e.g. Fluent, Native speaker"),
    ],
    title: (i) => join(i.language) || "New language",
  },
  projects: {
    noun: "project",
    prefix: "pr",
    schema: Project,
    fields: [
      text("name", "Project name"),
      url(),
      start,
      end,
      rich("description", "Description"),
      lines("highlights", "Results"),
      lines("keywords", "Tools and keywords"),
    ],
    title: (i) => join(i.name) || "New project",
  },
  certificates: {
    noun: "certificate",
    prefix: "c",
    schema: Certificate,
    fields: [text("name", "Certificate"), text("issuer", "Issued by"), date("date", "Date"), url()],
    title: (i) => join(i.name) || "New certificate",
  },
  awards: {
    noun: "award",
    prefix: "a",
    schema: Award,
    fields: [text("title", "Award"), text("awarder", "Awarded by"), date("date", "Date"), rich("summary", "What for")],
    title: (i) => join(i.title) || "New award",
  },
  volunteer: {
    noun: "volunteering role",
    prefix: "v",
    schema: Volunteer,
    fields: [
      text("position", "Role"),
      text("organization", "Organisation"),
      url(),
      start,
      end,
      rich("summary", "What you did"),
      lines("highlights", "Achievements"),
    ],
    title: (i) => join(i.position, i.organization) || "New volunteering role",
  },
  publications: {
    noun: "publication",
    prefix: "pu",
    schema: Publication,
    fields: [
      text("name", "Title"),
      text("publisher", "Published in or by"),
      date("releaseDate", "Date"),
      url(),
      rich("summary", "Summary"),
    ],
    title: (i) => join(i.name) || "New publication",
  },
  interests: {
    noun: "interest",
    prefix: "i",
    schema: Interest,
    fields: [text("name", "Interest"), lines("keywords", "Details")],
    title: (i) => join(i.name) || "New interest",
  },
  references: {
    noun: "referee",
    prefix: "r",
    schema: Reference,
    fields: [text("name", "Name and position"), rich("reference", "Contact details or their words")],
    title: (i) => join(i.name) || "New referee",
  },
  profiles: {
    noun: "profile",
    prefix: "p",
    schema: Profile,
    fields: [text("network", "Site", "e.g. LinkedIn, GitHub"), text("username", "User name"), url()],
    title: (i) => join(i.network, i.username) || "New profile",
  },
  custom: {
    noun: "entry",
    prefix: "x",
    schema: CustomItem,
    fields: [
      text("title", "Title"),
      text("subtitle", "Where or with whom"),
      url(),
      start,
      end,
      rich("summary", "Details"),
    ],
    title: (i) => join(i.title, i.subtitle) || "New entry",
  },
};

export const specOf = (list: ListPath): EntrySpec =>
  ENTRY_SPECS[list.startsWith("custom:") ? "custom" : (list as ListSection | "references" | "profiles")];

/** An empty entry of a kind, every field of its schema present. */
export const newEntry = (spec: EntrySpec, id: string): Record<string, unknown> => spec.schema.parse({ id });

export const CEFR_OPTIONS = [
  { value: "", label: "Not given" },
  ...CEFR_LEVELS.map((l) => ({ value: l, label: l === "native" ? "Mother tongue" : l })),
];
