-- A table whose rows each belong to one person (a `user_id` column: saved jobs, CVs, events) says
-- whose rows a statement changed, not only that the table changed: `saved_jobs:42`, or `saved_jobs:`
-- for rows that belong to no one. A page that read only person 42's saved jobs is then kept while
-- another student saves a job (docs/decisions/0011-kept-pages-on-postgresql.md). The owners come
-- from the statement's transition tables, once per statement; a statement changing the rows of more
-- than 100 people says only the table's name, as do TRUNCATE and every table without an owner.
CREATE OR REPLACE FUNCTION note_owner_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE owners text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT user_id::text) INTO owners FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id::text) INTO owners FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT o) INTO owners
      FROM (SELECT user_id::text AS o FROM old_rows UNION ALL SELECT user_id::text FROM new_rows) changed;
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
CREATE OR REPLACE FUNCTION note_changes_of(t regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS note_table_change ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS note_owner_insert ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS note_owner_update ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS note_owner_delete ON %s', t);
  IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = t AND attname = 'user_id' AND NOT attisdropped) THEN
    EXECUTE format('CREATE TRIGGER note_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s '
      'FOR EACH STATEMENT EXECUTE FUNCTION note_table_change()', t);
    RETURN;
  END IF;
  -- A trigger with transition tables serves one event.
  EXECUTE format('CREATE TRIGGER note_table_change AFTER TRUNCATE ON %s '
    'FOR EACH STATEMENT EXECUTE FUNCTION note_table_change()', t);
  EXECUTE format('CREATE TRIGGER note_owner_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION note_owner_change()', t);
  EXECUTE format('CREATE TRIGGER note_owner_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows '
    'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_owner_change()', t);
  EXECUTE format('CREATE TRIGGER note_owner_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION note_owner_change()', t);
END
$$;--> statement-breakpoint
SELECT note_changes_of(format('%I', c.relname)::regclass)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r'
    AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'user_id' AND NOT a.attisdropped);
