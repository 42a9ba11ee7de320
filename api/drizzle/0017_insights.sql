CREATE TABLE "insight_daily_counts" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_counts_pkey" PRIMARY KEY("kind","day","key"),
	CONSTRAINT "insight_daily_counts_kind_check" CHECK ("insight_daily_counts"."kind" in ('download', 'search_empty', 'checkout_started')),
	CONSTRAINT "insight_daily_counts_count_check" CHECK ("insight_daily_counts"."count" >= 0),
	CONSTRAINT "insight_daily_counts_key_check" CHECK (length("insight_daily_counts"."key") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_insights_sales_idx" ON "orders" USING btree ("paid_at","amount_cents","product_id") WHERE "orders"."paid_at" is not null and "orders"."provider" <> 'admin';--> statement-breakpoint
CREATE INDEX "orders_insights_checkouts_idx" ON "orders" USING btree ("created_at","status") WHERE "orders"."provider" <> 'admin';--> statement-breakpoint
CREATE INDEX "orders_refunded_at_idx" ON "orders" USING btree ("refunded_at") WHERE "orders"."refunded_at" is not null;--> statement-breakpoint
-- Subscriptions that had ended before this column: their last change is when they ended.
UPDATE "subscriptions" SET "ended_at" = "updated_at" WHERE "status" IN ('canceled', 'incomplete_expired') AND "ended_at" IS NULL;
