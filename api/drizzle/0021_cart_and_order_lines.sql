CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" between 1 and 99),
	CONSTRAINT "order_items_unit_price_check" CHECK ("order_items"."unit_price_cents" >= 0),
	CONSTRAINT "order_items_line_total_check" CHECK ("order_items"."line_total_cents" = "order_items"."unit_price_cents" * "order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"cart_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_cart_id_product_id_pk" PRIMARY KEY("cart_id","product_id"),
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_quantity_prices" (
	"product_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_quantity_prices_product_id_min_quantity_pk" PRIMARY KEY("product_id","min_quantity"),
	CONSTRAINT "product_quantity_prices_min_check" CHECK ("product_quantity_prices"."min_quantity" between 2 and 99),
	CONSTRAINT "product_quantity_prices_price_check" CHECK ("product_quantity_prices"."unit_price_cents" > 0 and "product_quantity_prices"."unit_price_cents" <= 1000000)
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"free_over_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_amount_check" CHECK ("shipping_rates"."amount_cents" >= 0 and "shipping_rates"."amount_cents" <= 100000),
	CONSTRAINT "shipping_rates_free_over_check" CHECK ("shipping_rates"."free_over_cents" is null or ("shipping_rates"."free_over_cents" >= 0 and "shipping_rates"."free_over_cents" <= 1000000))
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_country_key" UNIQUE("country"),
	CONSTRAINT "shipping_zones_country_check" CHECK ("shipping_zones"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_quantity_prices" ADD CONSTRAINT "product_quantity_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_product_key" ON "order_items" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "order_items_product_id_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_id_key" ON "carts" USING btree ("user_id") WHERE "carts"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "carts_updated_at_idx" ON "carts" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_zone_id_key" ON "shipping_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "orders_checkout_address_idx" ON "orders" USING btree ("checkout_address","created_at") WHERE "orders"."status" = 'pending' and "orders"."checkout_address" is not null;
--> statement-breakpoint
-- Every existing order becomes an order of one line at the amount it was charged (before
-- issue 32 an order was one box, shipped free, untaxed): subtotal = total, nothing else.
UPDATE "orders" SET "subtotal_cents" = "amount_cents";--> statement-breakpoint
INSERT INTO "order_items" ("order_id", "product_id", "position", "product_name", "quantity", "unit_price_cents", "line_total_cents")
  SELECT o."id", o."product_id", 0, p."name", 1, o."amount_cents", o."amount_cents"
  FROM "orders" o JOIN "products" p ON p."id" = o."product_id";--> statement-breakpoint
-- The shipping the Shipping page promises (decision 052): US free from $35, otherwise $5.99;
-- Canada $12.99. The admin edits them from here on.
INSERT INTO "shipping_zones" ("country", "name", "created_at") VALUES
  ('US', 'United States', now()),
  ('CA', 'Canada', now() + interval '1 second');--> statement-breakpoint
INSERT INTO "shipping_rates" ("zone_id", "name", "amount_cents", "free_over_cents")
  SELECT "id", 'Standard shipping', CASE "country" WHEN 'US' THEN 599 ELSE 1299 END,
    CASE "country" WHEN 'US' THEN 3500 ELSE NULL END
  FROM "shipping_zones";
