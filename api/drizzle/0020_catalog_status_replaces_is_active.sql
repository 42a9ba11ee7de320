ALTER TABLE "products" ALTER COLUMN "status" SET DEFAULT 'on_sale';--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "is_active";