ALTER TABLE "portal_codes" DROP CONSTRAINT "portal_codes_normalised_check";--> statement-breakpoint
ALTER TABLE "portal_codes" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_codes" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "portal_codes" ADD COLUMN "code_prefix" text;--> statement-breakpoint
ALTER TABLE "portal_codes" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "portal_codes" ADD COLUMN "redeemed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_codes" ADD COLUMN "redeemed_by" text;--> statement-breakpoint
ALTER TABLE "puzzle_content" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "puzzle_content" ADD COLUMN "wrong_answers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_codes" ADD CONSTRAINT "portal_codes_redeemed_by_user_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_codes_product_idx" ON "portal_codes" USING btree ("product_id","created_at");--> statement-breakpoint
ALTER TABLE "portal_codes" ADD CONSTRAINT "portal_codes_code_hash_key" UNIQUE("code_hash");--> statement-breakpoint
ALTER TABLE "portal_codes" ADD CONSTRAINT "portal_codes_kind_check" CHECK (("portal_codes"."code" is null) <> ("portal_codes"."code_hash" is null));--> statement-breakpoint
ALTER TABLE "portal_codes" ADD CONSTRAINT "portal_codes_normalised_check" CHECK ("portal_codes"."code" is null or ("portal_codes"."code" = upper(btrim("portal_codes"."code")) and "portal_codes"."code" <> ''));--> statement-breakpoint
UPDATE "puzzle_content" SET "position" = "step_number";
