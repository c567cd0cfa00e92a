-- Job search speed (bench:jobs). A job's description and search vector leave the table's main pages
-- (TOAST from 1 kB a row, not 2 kB: 73 MB of pages for 100,000 jobs, not 161 MB; lower, titles and
-- employer names would leave too, and every search reads them), so scanning many jobs reads half the pages; and
-- the facets and filters of open jobs are counted from one covering index (an index-only scan, once
-- the table is vacuumed: app/features/jobs/maintenance.server.ts). Rows written before keep their
-- layout until they are next written.
ALTER TABLE job_postings SET (toast_tuple_target = 1024);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS job_postings_facets_idx ON job_postings (type, sponsorship_status, work_arrangement) INCLUDE (closing_date, posted_at, created_at, salary_min, salary_max, salary_period, hours_per_week) WHERE status = 'open';
