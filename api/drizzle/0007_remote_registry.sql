CREATE TABLE "remote_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remote" text NOT NULL,
	"release_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"activated_by" text,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rolled_back_at" timestamp with time zone,
	CONSTRAINT "remote_activations_kind_check" CHECK ("remote_activations"."kind" in ('default', 'activate', 'rollback'))
);
--> statement-breakpoint
CREATE TABLE "remote_deployments" (
	"remote" text PRIMARY KEY NOT NULL,
	"release_id" uuid NOT NULL,
	"activation_id" uuid NOT NULL,
	"activated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"manifest_url" text NOT NULL,
	"registered_by" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_activations" ADD CONSTRAINT "remote_activations_release_id_remote_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."remote_releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_activations" ADD CONSTRAINT "remote_activations_activated_by_user_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_deployments" ADD CONSTRAINT "remote_deployments_release_id_remote_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."remote_releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_deployments" ADD CONSTRAINT "remote_deployments_activation_id_remote_activations_id_fk" FOREIGN KEY ("activation_id") REFERENCES "public"."remote_activations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_releases" ADD CONSTRAINT "remote_releases_registered_by_user_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_activations_remote_idx" ON "remote_activations" USING btree ("remote","activated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_releases_remote_version_idx" ON "remote_releases" USING btree ("remote","version");