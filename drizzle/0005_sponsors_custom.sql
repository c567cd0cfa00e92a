-- Trigram similarity for misspelt employer names (PGlite loads the extension in app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Equality and prefix search on the core name (text_pattern_ops serves LIKE 'abc%' in any collation).
CREATE INDEX IF NOT EXISTS sponsor_names_core_pattern_idx ON sponsor_names (core text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sponsor_names_core_trgm_idx ON sponsor_names USING gin (core gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sponsor_names_words_idx ON sponsor_names USING gin (words);
