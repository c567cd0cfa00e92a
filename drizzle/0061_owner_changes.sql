-- A table whose rows each belong to one person (a `user_id` column: saved jobs, CVs, events; `users`
-- by its `id`) says whose rows a statement changed, not only that the table changed: `saved_jobs:42`,
-- or `saved_jobs:` for rows that belong to no one. A page that read only person 42's saved jobs is then kept while
-- another student saves a job (docs/decisions/0011-kept-pages-on-postgresql.md). The owners come
-- from the statement's transition tables, once per statement; a statement changing the rows of more
-- than 100 people says only the table's name, as do TRUNCATE and every table without an owner.
CREATE OR REPLACE FUNCTION note_owner_change() RETURNS trigger LANGUAGE plpgsql AS $$
-- The trigger's argument names the owner's column.
DECLARE owners text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM new_rows', TG_ARGV[0]) INTO owners;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM old_rows', TG_ARGV[0]) INTO owners;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT o) FROM (SELECT %1$I::text AS o FROM old_rows '
      'UNION ALL SELECT %1$I::text FROM new_rows) changed', TG_ARGV[0]) INTO owners;
  END IF;
  IF owners IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(owners) > 100 THEN
    PERFORM pg_notify('table_changes', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('table_changes', TG_TABLE_NAME || ':' || coalesce(o, '')) FROM unnest(owners) o;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The triggers a table of the app carries: a later migration making a table calls it
-- (app/db/changes.server.test.ts checks every table).
CREATE OR REPLACE FUNCTION note_changes_of(t regclass, owner text DEFAULT 'user_id') RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS note_table_change ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS note_owner_insert ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS note_owner_update ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS note_owner_delete ON %s', t);
  IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = t AND attname = owner AND NOT attisdropped) THEN
    EXECUTE format('CREATE TRIGGER note_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s '
      'FOR EACH STATEMENT EXECUTE FUNCTION note_table_change()', t);
    RETURN;
  END IF;
  -- A trigger with transition tables serves one event.
  EXECUTE format('CREATE TRIGGER note_table_change AFTER TRUNCATE ON %s '
    'FOR EACH STATEMENT EXECUTE FUNCTION note_table_change()', t);
  EXECUTE format('CREATE TRIGGER note_owner_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION note_owner_change(%L)', t, owner);
  EXECUTE format('CREATE TRIGGER note_owner_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows '
    'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_owner_change(%L)', t, owner);
  EXECUTE format('CREATE TRIGGER note_owner_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION note_owner_change(%L)', t, owner);
END
$$;--> statement-breakpoint
SELECT note_changes_of(format('%I', c.relname)::regclass)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r'
    AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'user_id' AND NOT a.attisdropped);
--> statement-breakpoint
SELECT note_changes_of('users', 'id');
