CREATE TABLE "download_claims" (
	"resource_id" uuid NOT NULL,
	"client" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_claims_resource_id_client_pk" PRIMARY KEY("resource_id","client")
);
--> statement-breakpoint
ALTER TABLE "download_claims" ADD CONSTRAINT "download_claims_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_claims_counted_at_idx" ON "download_claims" USING btree ("counted_at");