ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_status_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "topic" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_topic_idx" ON "mail_outbox" USING btree ("topic") WHERE "mail_outbox"."topic" is not null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed', 'cancelled'));