-- The fulfilment queue and its filters at 100 000 orders (decision 062). PostgreSQL keeps
-- statistics per column: it took "paid or completed, not a grant, unfulfilled" for 19 000
-- orders of 100 000 when 1 000 were, and a country for 0.5 % of them when it is 80 %, and
-- read the whole table instead of the queue's partial index. Statistics over the columns
-- together, and over the country, give it the real numbers.
CREATE STATISTICS IF NOT EXISTS "orders_status_fulfilment_stats" (mcv, dependencies) ON "status", "fulfilment_status", "provider" FROM "orders";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "orders_country_stats" ON (("shipping_address" ->> 'country')) FROM "orders";
