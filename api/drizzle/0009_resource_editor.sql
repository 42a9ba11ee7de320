ALTER TABLE "file_assets" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "file_assets" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "file_assets" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_key" ON "tags" USING btree (lower("name"));