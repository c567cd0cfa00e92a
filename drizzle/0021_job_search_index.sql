-- Job search holds the open jobs' filterable fields in each server's memory
-- (app/features/jobs/search-index.server.ts) and reloads them when this version has moved: every
-- statement that writes job_postings moves it, whoever runs it (an import, the recompute, a script).
-- The covering index of 0020 counted facets in SQL, which nothing does now.
CREATE TABLE IF NOT EXISTS job_postings_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO job_postings_version (only_row, version) VALUES (true, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_postings_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_postings_version SET version = version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_postings_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON job_postings
  FOR EACH STATEMENT EXECUTE FUNCTION job_postings_version_bump();--> statement-breakpoint
DROP INDEX IF EXISTS job_postings_facets_idx;
