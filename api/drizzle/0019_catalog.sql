CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"key" text NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_alt_check" CHECK (length(trim("product_images"."alt")) > 0)
);
--> statement-breakpoint
CREATE TABLE "product_watchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_watchers_token_key" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_price_cents_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tagline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category" text DEFAULT 'mystery' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compare_at_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "facts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Today's data: an active product with a price is on sale, anything else a draft; the Scroll
-- (the one product sold so far) gets the classification its card has shown. Stock stays
-- null ("not counted") so nothing sold today becomes sold out by this migration.
UPDATE "products" SET "status" = CASE WHEN "is_active" AND "price_cents" > 0 THEN 'on_sale' ELSE 'draft' END;--> statement-breakpoint
UPDATE "products" SET "category" = 'history', "featured" = true, "featured_order" = 1,
  "tagline" = 'Restore a damaged scroll from the church where believers were first called Christians.',
  "facts" = '{"duration":"2-3 hours","mysteries":5,"difficulty":"Moderate","ages":"12+"}'::jsonb
  WHERE "slug" = 'scroll-of-antioch';--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_watchers" ADD CONSTRAINT "product_watchers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_watchers_product_email_idx" ON "product_watchers" USING btree ("product_id","email");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_compare_at_check" CHECK ("products"."compare_at_cents" is null or "products"."compare_at_cents" >= "products"."price_cents");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_check" CHECK ("products"."stock" is null or "products"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_check" CHECK ("products"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_check" CHECK ("products"."category" in ('mystery', 'devotional', 'history'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" in ('draft', 'coming_soon', 'on_sale', 'sold_out'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_on_sale_priced_check" CHECK ("products"."status" <> 'on_sale' or "products"."price_cents" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_cents_check" CHECK ("products"."price_cents" >= 0 and "products"."price_cents" <= 1000000);