CREATE TABLE "remote_release_visitors" (
	"release_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"visitor" text NOT NULL,
	"network" text NOT NULL,
	"errored" boolean DEFAULT false NOT NULL,
	CONSTRAINT "remote_release_visitors_release_id_hour_visitor_pk" PRIMARY KEY("release_id","hour","visitor")
);
--> statement-breakpoint
ALTER TABLE "remote_release_visitors" ADD CONSTRAINT "remote_release_visitors_release_id_remote_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."remote_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_release_visitors_network_idx" ON "remote_release_visitors" USING btree ("release_id","hour","network");