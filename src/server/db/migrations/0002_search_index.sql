-- Browse searches name and description with LIKE '%…%'; trigrams let an index answer it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lists_search_trgm_idx" ON "lists" USING gin ((lower("name" || ' ' || "description")) gin_trgm_ops);
