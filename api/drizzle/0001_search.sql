-- Resource search: case-insensitive substring over title, description and tag names,
-- served by trigram indexes so it stays fast as the library grows (docs/decisions/008).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_title_trgm_idx" ON "resources" USING gin (lower("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_description_trgm_idx" ON "resources" USING gin (lower("description") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tags_name_trgm_idx" ON "tags" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_slug_pattern_idx" ON "resources" ("slug" text_pattern_ops);
