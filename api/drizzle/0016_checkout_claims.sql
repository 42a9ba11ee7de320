-- Keyed checkouts now claim their key in "claims" (decision 041): carry the day's keys over.
INSERT INTO "claims" ("scope", "key", "fingerprint", "lease_expires_at", "result", "created_at", "completed_at")
SELECT 'checkout', coalesce("user_id", '') || '/' || "key", "request_hash", "lease_expires_at",
	CASE WHEN "url" IS NOT NULL THEN jsonb_build_object('orderId', "order_id", 'url', "url") END,
	"created_at", CASE WHEN "url" IS NOT NULL THEN "created_at" END
FROM "checkout_requests"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "checkout_requests" CASCADE;
