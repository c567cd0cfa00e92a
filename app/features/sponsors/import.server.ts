import { type AuditActor, recordAudit } from "~/db/audit.server";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import type { SponsorLicence } from "~/db/schema/sponsors";
import { type CsvRecord, CsvError, decodeText, readCsv } from "~/lib/csv-reader";
import { RegisterGrouper, type RegisterOrganisation, assignSlugs, checkHeader, parseRow } from "./register";

export type ImportSummary = {
  snapshotId: number;
  registerDate: string;
  rows: number;
  organisations: number;
  added: number;
  removed: number;
  changed: number;
};

/** A file that cannot be imported: every problem found (up to a limit), each with its line. */
export class RegisterImportError extends Error {
  constructor(readonly problems: CsvError[]) {
    super(`The register was not imported; nothing changed.\n${problems.map((p) => `  ${p.message}`).join("\n")}`);
  }
}

const MAX_PROBLEMS = 20;
/** Rows per INSERT: each column travels as one array parameter (unnest), so a batch is one statement. */
const BATCH = 5000;

/** Reads and checks the whole file into organisations; throws RegisterImportError when any line is wrong. */
export async function readRegister(
  chunks: AsyncIterable<Uint8Array | string>,
  signal?: AbortSignal,
): Promise<{ rows: number; organisations: RegisterOrganisation[] }> {
  const grouper = new RegisterGrouper();
  const problems: CsvError[] = [];
  let header: CsvRecord | undefined;
  try {
    for await (const record of readCsv(decodeText(chunks))) {
      if (grouper.rows % 1000 === 0) signal?.throwIfAborted();
      if (!header) {
        header = record;
        checkHeader(record);
        continue;
      }
      try {
        grouper.add(parseRow(record));
      } catch (e) {
        if (!(e instanceof CsvError)) throw e;
        problems.push(e);
        if (problems.length >= MAX_PROBLEMS) break;
      }
    }
    if (!header) checkHeader(undefined);
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    problems.push(e);
  }
  if (!problems.length && grouper.rows === 0)
    problems.push(new CsvError(header?.line ?? 1, "the file has a header but no rows"));
  if (problems.length) throw new RegisterImportError(problems);
  return { rows: grouper.rows, organisations: grouper.organisations() };
}

// jsonb does not keep key order, so licences are compared field by field.
const licenceList = (ls: SponsorLicence[]) =>
  ls
    .map((l) => `${l.route}|${l.type}|${l.rating}`)
    .sort()
    .join("\n");
const sameLicences = (a: SponsorLicence[], b: SponsorLicence[]) => licenceList(a) === licenceList(b);

/**
 * Imports a register file as the new live register, in one transaction: the organisations are
 * replaced, a snapshot with its counts is kept, and the changes to the previous register
 * (added, removed, routes or rating changed) are recorded. Any problem leaves everything as it was.
 */
export async function importRegister(
  db: Db,
  chunks: AsyncIterable<Uint8Array | string>,
  meta: {
    registerDate: string;
    source: string;
    signal?: AbortSignal;
    /** Who asked for it (an operator's command, a staff member's "Refresh now"): the import is audited as theirs. */
    requestedBy?: AuditActor;
    now?: Date;
  },
): Promise<ImportSummary> {
  const { rows, organisations } = await readRegister(chunks, meta.signal);
  return db.transaction(async (tx) => {
    const previous = new Map(
      (
        await rowsOf<{
          org_key: string;
          slug: string;
          name: string;
          town: string;
          licences: SponsorLicence[];
          first_seen: string;
        }>(tx, sql`select org_key, slug, name, town, licences, first_seen::text from sponsor_organisations`)
      ).map((r) => [r.org_key, r]),
    );
    const [{ n: snapshotsBefore } = { n: 0 }] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from sponsor_snapshots`,
    );
    const firstImport = snapshotsBefore === 0;
    assignSlugs(organisations, new Map([...previous].map(([key, old]) => [key, old.slug])));

    type Change = {
      orgKey: string;
      slug: string;
      name: string;
      town: string;
      kind: "added" | "removed" | "changed";
      before: SponsorLicence[] | null;
      after: SponsorLicence[] | null;
    };
    const changes: Change[] = [];
    const current = new Set<string>();
    for (const o of organisations) {
      current.add(o.orgKey);
      const old = previous.get(o.orgKey);
      if (!old)
        changes.push({
          orgKey: o.orgKey,
          slug: o.slug,
          name: o.name,
          town: o.town,
          kind: "added",
          before: null,
          after: o.licences,
        });
      else if (!sameLicences(old.licences, o.licences))
        changes.push({
          orgKey: o.orgKey,
          slug: o.slug,
          name: o.name,
          town: o.town,
          kind: "changed",
          before: old.licences,
          after: o.licences,
        });
    }
    for (const [orgKey, old] of previous) {
      if (!current.has(orgKey))
        changes.push({
          orgKey,
          slug: old.slug,
          name: old.name,
          town: old.town,
          kind: "removed",
          before: old.licences,
          after: null,
        });
    }
    const count = (kind: Change["kind"]) => (firstImport ? 0 : changes.filter((c) => c.kind === kind).length);

    const [snapshot] = await rowsOf<{ id: number }>(
      tx,
      sql`
        insert into sponsor_snapshots (register_date, source, row_count, organisation_count, added, removed, changed, routes)
        values (${meta.registerDate}, ${meta.source}, ${rows}, ${organisations.length}, ${count("added")}, ${count("removed")}, ${count("changed")},
                ${sql.param([...new Set(organisations.flatMap((o) => o.routes))].sort())}::text[])
        returning id`,
    );
    const snapshotId = snapshot!.id;

    // TRUNCATE is transactional: readers wait for the commit and never see a half-filled register.
    await tx.execute(sql`truncate sponsor_names, sponsor_organisations restart identity`);
    // Filling the name table without its indexes and building them afterwards is several times
    // faster than updating the trigram and word indexes row by row. They are rebuilt from their
    // own definitions, so the migrations stay the only place that declares them.
    const nameIndexes = await rowsOf<{ name: string; def: string }>(
      tx,
      sql`select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and tablename = 'sponsor_names'`,
    );
    for (const index of nameIndexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    for (let i = 0; i < organisations.length; i += BATCH) {
      meta.signal?.throwIfAborted();
      const batch = organisations.slice(i, i + BATCH);
      const col = <T>(f: (o: RegisterOrganisation) => T) => sql.param(batch.map(f));
      await tx.execute(sql`
        insert into sponsor_organisations (org_key, slug, name, town, county, licences, routes, rating_keys, town_key, county_key, first_seen)
        select k, s, n, t, c, l::jsonb, array(select jsonb_array_elements_text(r::jsonb)), array(select jsonb_array_elements_text(rk::jsonb)), tk, ck,
               coalesce(fs::date, ${meta.registerDate}::date)
        from unnest(${col((o) => o.orgKey)}::text[], ${col((o) => o.slug)}::text[], ${col((o) => o.name)}::text[], ${col((o) => o.town)}::text[],
                    ${col((o) => o.county)}::text[], ${col((o) => JSON.stringify(o.licences))}::text[], ${col((o) => JSON.stringify(o.routes))}::text[],
                    ${col((o) => JSON.stringify(o.ratingKeys))}::text[], ${col((o) => o.townKey)}::text[], ${col((o) => o.countyKey)}::text[],
                    ${col((o) => previous.get(o.orgKey)?.first_seen ?? null)}::text[])
             as u(k, s, n, t, c, l, r, rk, tk, ck, fs)`);
      const names = batch.flatMap((o) => o.names.map((n) => ({ slug: o.slug, ...n })));
      await tx.execute(sql`
        insert into sponsor_names (organisation_id, is_alias, "full", core, words)
        select o.id, u.a, u.f, u.c, array(select jsonb_array_elements_text(u.w::jsonb))
        from unnest(${sql.param(names.map((n) => n.slug))}::text[], ${sql.param(names.map((n) => n.isAlias))}::boolean[],
                    ${sql.param(names.map((n) => n.full))}::text[], ${sql.param(names.map((n) => n.core))}::text[],
                    ${sql.param(names.map((n) => JSON.stringify(n.words)))}::text[]) as u(s, a, f, c, w)
        join sponsor_organisations o on o.slug = u.s`);
    }
    for (const index of nameIndexes) await tx.execute(sql.raw(index.def));
    if (!firstImport) {
      for (let i = 0; i < changes.length; i += BATCH) {
        const batch = changes.slice(i, i + BATCH);
        const col = <T>(f: (c: Change) => T) => sql.param(batch.map(f));
        await tx.execute(sql`
          insert into sponsor_changes (snapshot_id, org_key, slug, name, town, kind, before, after)
          select ${snapshotId}, k, s, n, t, kd, b::jsonb, a::jsonb
          from unnest(${col((c) => c.orgKey)}::text[], ${col((c) => c.slug)}::text[], ${col((c) => c.name)}::text[], ${col((c) => c.town)}::text[],
                      ${col((c) => c.kind)}::text[], ${col((c) => (c.before ? JSON.stringify(c.before) : null))}::text[],
                      ${col((c) => (c.after ? JSON.stringify(c.after) : null))}::text[]) as u(k, s, n, t, kd, b, a)`);
      }
    }
    const summary = {
      snapshotId,
      registerDate: meta.registerDate,
      rows,
      organisations: organisations.length,
      added: count("added"),
      removed: count("removed"),
      changed: count("changed"),
    };
    if (meta.requestedBy)
      await recordAudit(tx, {
        actor: meta.requestedBy,
        action: "sponsor_register.imported",
        target: { type: "sponsor_snapshot", id: snapshotId },
        after: {
          registerDate: meta.registerDate,
          source: meta.source,
          organisations: summary.organisations,
          added: summary.added,
          removed: summary.removed,
        },
        at: meta.now ?? new Date(),
      });
    return summary;
  });
}
