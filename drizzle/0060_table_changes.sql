-- Kept pages (server/page-cache.ts) are dropped when a table they read changes, on every instance:
-- every statement that writes a table of the app tells whoever listens on `table_changes` which
-- table, once its transaction commits (PostgreSQL sends a transaction's identical notices once).
-- A notice, not a row of versions: a row updated by every writer would queue concurrent
-- transactions behind one another until commit, and two writing two tables in opposite orders
-- would deadlock (docs/decisions/0011-kept-pages-on-postgresql.md).
-- A table made by a later migration gets the same trigger (app/db/changes.server.test.ts checks).
CREATE OR REPLACE FUNCTION note_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format(
      'CREATE TRIGGER note_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION note_table_change()',
      t
    );
  END LOOP;
END
$$;
