-- Job search filters and counts open jobs in memory since 0021: these indexes served only its SQL filters.
DROP INDEX "job_postings_sponsorship_idx";--> statement-breakpoint
DROP INDEX "job_postings_town_idx";--> statement-breakpoint
DROP INDEX "job_postings_region_idx";