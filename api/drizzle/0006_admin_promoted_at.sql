ALTER TABLE "user" ADD COLUMN "admin_promoted_at" timestamp with time zone;--> statement-breakpoint
-- Admins made before this column existed count as promoted, so demoting one now sticks.
UPDATE "user" SET "admin_promoted_at" = now() WHERE "role" = 'admin';
