import { CV_SCHEMA_VERSION, CvDocument } from "./document";
import { type PathError, pathErrors } from "./errors";

/**
 * How a stored document of each older schema version becomes the next one. A change to the document
 * schema bumps CV_SCHEMA_VERSION and adds the step from the version before it here, so a CV saved
 * years ago still opens: the steps run in order, then the current schema checks the result.
 */
export type Upgrade = (doc: Record<string, unknown>) => Record<string, unknown>;
export const UPGRADES: Readonly<Record<number, Upgrade>> = {
  // 1 → 2 goes here when version 2 comes.
};

type Raw = { ok: true; raw: Record<string, unknown> } | { ok: false; errors: PathError[] };

/** A document of any known version, stepped up to `current` (not yet checked against the schema). */
export function upgradeRaw(raw: unknown, upgrades: Readonly<Record<number, Upgrade>>, current: number): Raw {
  if (!raw || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, errors: [{ path: "(document)", message: "must be a CV document (a JSON object)" }] };
  let doc = raw as Record<string, unknown>;
  let version = doc.schemaVersion;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1 || version > current) {
    return { ok: false, errors: [{ path: "schemaVersion", message: `must be a whole number from 1 to ${current}` }] };
  }
  while (version < current) {
    const step = upgrades[version];
    if (!step)
      return { ok: false, errors: [{ path: "schemaVersion", message: `version ${version} cannot be upgraded` }] };
    doc = { ...step(doc), schemaVersion: version + 1 };
    version += 1;
  }
  return { ok: true, raw: doc };
}

/** A stored or sent document brought up to the current version and checked; the path of each wrong field otherwise. */
export function upgradeDocument(raw: unknown): { ok: true; document: CvDocument } | { ok: false; errors: PathError[] } {
  const stepped = upgradeRaw(raw, UPGRADES, CV_SCHEMA_VERSION);
  if (!stepped.ok) return stepped;
  const parsed = CvDocument.safeParse(stepped.raw);
  return parsed.success ? { ok: true, document: parsed.data } : { ok: false, errors: pathErrors(parsed.error) };
}
