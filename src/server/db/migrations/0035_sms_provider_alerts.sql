CREATE TABLE "sms_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"vars" jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_failure_reason" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_alerts" ADD CONSTRAINT "sms_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_alerts" ADD CONSTRAINT "sms_alerts_outbox_id_sms_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."sms_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_alerts_user_dedupe_key" ON "sms_alerts" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "sms_alerts_due_idx" ON "sms_alerts" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "sms_outbox_provider_message_idx" ON "sms_outbox" USING btree ("provider_message_id") WHERE provider_message_id IS NOT NULL;