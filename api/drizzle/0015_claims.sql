CREATE TABLE "claims" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"lease_expires_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "claims_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "claims_scope_created_at_idx" ON "claims" USING btree ("scope","created_at");