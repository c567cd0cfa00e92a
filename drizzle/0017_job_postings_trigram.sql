-- Typo tolerance in job search: trigram similarity on titles and employer names (pg_trgm, loaded since 0005).
CREATE INDEX IF NOT EXISTS job_postings_title_trgm_idx ON job_postings USING gin (lower(title) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS job_postings_employer_trgm_idx ON job_postings USING gin (lower(employer_name) gin_trgm_ops);
