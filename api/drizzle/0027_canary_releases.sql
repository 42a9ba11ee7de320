CREATE TABLE "remote_canary_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remote" text NOT NULL,
	"release_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"share" integer,
	"actor_id" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_canary_events_kind_check" CHECK ("remote_canary_events"."kind" in ('started', 'share_changed', 'promoted', 'stopped', 'auto_stopped'))
);
--> statement-breakpoint
CREATE TABLE "remote_release_health" (
	"release_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "remote_release_health_release_id_minute_pk" PRIMARY KEY("release_id","minute")
);
--> statement-breakpoint
ALTER TABLE "remote_deployments" ADD COLUMN "canary_release_id" uuid;--> statement-breakpoint
ALTER TABLE "remote_deployments" ADD COLUMN "canary_share" integer;--> statement-breakpoint
ALTER TABLE "remote_deployments" ADD COLUMN "canary_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remote_deployments" ADD COLUMN "canary_started_by" text;--> statement-breakpoint
ALTER TABLE "remote_canary_events" ADD CONSTRAINT "remote_canary_events_release_id_remote_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."remote_releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_canary_events" ADD CONSTRAINT "remote_canary_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_release_health" ADD CONSTRAINT "remote_release_health_release_id_remote_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."remote_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_canary_events_remote_idx" ON "remote_canary_events" USING btree ("remote","at");--> statement-breakpoint
ALTER TABLE "remote_deployments" ADD CONSTRAINT "remote_deployments_canary_release_id_remote_releases_id_fk" FOREIGN KEY ("canary_release_id") REFERENCES "public"."remote_releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_deployments" ADD CONSTRAINT "remote_deployments_canary_started_by_user_id_fk" FOREIGN KEY ("canary_started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_deployments" ADD CONSTRAINT "remote_deployments_canary_check" CHECK (("remote_deployments"."canary_release_id" is null and "remote_deployments"."canary_share" is null) or ("remote_deployments"."canary_release_id" is not null and "remote_deployments"."canary_share" between 1 and 100 and "remote_deployments"."canary_started_at" is not null));