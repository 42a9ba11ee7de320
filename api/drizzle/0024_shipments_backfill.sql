-- Orders marked shipped before shipments existed (issue 35): one shipment each, of every
-- line, with the tracking number they were given and carrier "other" (none was asked).
INSERT INTO "shipments" ("order_id", "carrier", "tracking_number", "shipped_at")
  SELECT "id", 'other', coalesce("tracking_number", ''), "shipped_at"
  FROM "orders" WHERE "shipped_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "shipment_items" ("shipment_id", "order_item_id", "quantity")
  SELECT s."id", i."id", i."quantity"
  FROM "shipments" s JOIN "order_items" i ON i."order_id" = s."order_id";--> statement-breakpoint
UPDATE "orders" SET "fulfilment_status" = 'shipped' WHERE "shipped_at" IS NOT NULL;
--> statement-breakpoint
-- Refunded before partial refunds existed: all of it went back.
UPDATE "orders" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refunded';
