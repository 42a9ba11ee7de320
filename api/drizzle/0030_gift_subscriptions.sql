CREATE TABLE "gift_subscription_months" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"tier" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_subscription_months_period_check" CHECK ("gift_subscription_months"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "gift_subscription_months_status_check" CHECK ("gift_subscription_months"."status" in ('shipped', 'awaiting_box'))
);
--> statement-breakpoint
CREATE TABLE "gift_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_user_id" text,
	"buyer_email" text NOT NULL,
	"buyer_name" text,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"tier" text NOT NULL,
	"months" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"checkout_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"shipping_address" jsonb,
	"address_token_hash" text,
	"address_token_expires_at" timestamp with time zone,
	"address_token_used_at" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_subscriptions_provider_session_id_key" UNIQUE("provider_session_id"),
	CONSTRAINT "gift_subscriptions_address_token_hash_key" UNIQUE("address_token_hash"),
	CONSTRAINT "gift_subscriptions_tier_check" CHECK ("gift_subscriptions"."tier" in ('Basic', 'Premium', 'Family')),
	CONSTRAINT "gift_subscriptions_months_check" CHECK ("gift_subscriptions"."months" in (3, 6, 12)),
	CONSTRAINT "gift_subscriptions_amount_check" CHECK ("gift_subscriptions"."amount_cents" > 0),
	CONSTRAINT "gift_subscriptions_status_check" CHECK ("gift_subscriptions"."status" in ('pending', 'awaiting_address', 'active', 'completed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "gift_subscription_months" ADD CONSTRAINT "gift_subscription_months_gift_id_gift_subscriptions_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gift_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_subscription_months" ADD CONSTRAINT "gift_subscription_months_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_subscriptions" ADD CONSTRAINT "gift_subscriptions_buyer_user_id_user_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_subscription_months_gift_period_key" ON "gift_subscription_months" USING btree ("gift_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_subscription_months_order_id_key" ON "gift_subscription_months" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gift_subscription_months_period_idx" ON "gift_subscription_months" USING btree ("period","status");--> statement-breakpoint
CREATE INDEX "gift_subscriptions_buyer_user_id_idx" ON "gift_subscriptions" USING btree ("buyer_user_id");--> statement-breakpoint
CREATE INDEX "gift_subscriptions_recipient_email_idx" ON "gift_subscriptions" USING btree (lower("recipient_email"));--> statement-breakpoint
CREATE INDEX "gift_subscriptions_status_idx" ON "gift_subscriptions" USING btree ("status","current_period_end");