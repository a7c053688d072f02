CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"business_id" uuid,
	"subject_id" uuid,
	"target_type" text,
	"target_id" text,
	"ip" text,
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"seal_id" bigint
);
--> statement-breakpoint
CREATE TABLE "audit_seals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_count" integer NOT NULL,
	"first_event_id" bigint NOT NULL,
	"last_event_id" bigint NOT NULL,
	"merkle_root" text NOT NULL,
	"previous_seal_hash" text NOT NULL,
	"seal_hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_business_idx" ON "audit_events" USING btree ("business_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("id") WHERE seal_id IS NULL;--> statement-breakpoint
CREATE INDEX "audit_events_seal_idx" ON "audit_events" USING btree ("seal_id");