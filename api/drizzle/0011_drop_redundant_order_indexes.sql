DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";