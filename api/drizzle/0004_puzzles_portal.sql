ALTER TABLE "scroll_fragments" DROP CONSTRAINT "scroll_fragments_id_check";--> statement-breakpoint
ALTER TABLE "scroll_fragments" DROP CONSTRAINT "scroll_fragments_hints_check";--> statement-breakpoint
-- Fragments were numbered by their id; the number moves to its own column and the id
-- becomes a uuid, so another product can have its own fragments 1-5. No code wrote
-- scroll_progress before this migration, so its (empty) rows are not carried over.
DELETE FROM "scroll_progress";--> statement-breakpoint
ALTER TABLE "scroll_progress" DROP CONSTRAINT "scroll_progress_fragment_id_scroll_fragments_id_fk";--> statement-breakpoint
ALTER TABLE "scroll_fragments" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "scroll_fragments" SET "number" = "id";--> statement-breakpoint
ALTER TABLE "scroll_fragments" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "scroll_fragments" ALTER COLUMN "id" SET DATA TYPE uuid USING gen_random_uuid();--> statement-breakpoint
ALTER TABLE "scroll_fragments" ALTER COLUMN "id" SET DEFAULT gen_random_uuid();--> statement-breakpoint
ALTER TABLE "scroll_progress" ALTER COLUMN "fragment_id" SET DATA TYPE uuid USING gen_random_uuid();--> statement-breakpoint
ALTER TABLE "scroll_progress" ADD CONSTRAINT "scroll_progress_fragment_id_scroll_fragments_id_fk" FOREIGN KEY ("fragment_id") REFERENCES "public"."scroll_fragments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_content" ADD COLUMN "accepted_answers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "scroll_fragments" ADD COLUMN "accepted_answers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "scroll_fragments" ADD COLUMN "bonus_accepted_answers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "scroll_fragments" ADD CONSTRAINT "scroll_fragments_product_number_key" UNIQUE("product_id","number");--> statement-breakpoint
ALTER TABLE "scroll_fragments" ADD CONSTRAINT "scroll_fragments_number_check" CHECK ("scroll_fragments"."number" >= 1);--> statement-breakpoint
ALTER TABLE "scroll_fragments" ADD CONSTRAINT "scroll_fragments_hints_check" CHECK (coalesce(array_length("scroll_fragments"."hints", 1), 0) in (0, 3));--> statement-breakpoint
ALTER TABLE "scroll_progress" ADD CONSTRAINT "scroll_progress_bonus_after_completion_check" CHECK ("scroll_progress"."bonus_revealed_at" is null or "scroll_progress"."completed_at" is not null);