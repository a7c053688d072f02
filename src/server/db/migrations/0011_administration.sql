CREATE TYPE "public"."business_document_kind" AS ENUM('registration', 'tax', 'supporting');--> statement-breakpoint
CREATE TYPE "public"."security_incident_status" AS ENUM('open', 'acknowledged', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."staff_invitation_role" AS ENUM('system_admin', 'regulator');--> statement-breakpoint
CREATE TYPE "public"."complaint_status" AS ENUM('received', 'under_investigation', 'closed');--> statement-breakpoint
CREATE TYPE "public"."investigation_outcome" AS ENUM('substantiated', 'not_substantiated', 'referred', 'resolved_by_business');--> statement-breakpoint
CREATE TYPE "public"."investigation_status" AS ENUM('open', 'in_progress', 'closed');--> statement-breakpoint
CREATE TABLE "audit_scan_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" "business_document_kind" NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_subject_merges" (
	"absorbed_subject_id" uuid PRIMARY KEY NOT NULL,
	"survivor_subject_id" uuid NOT NULL,
	"review_id" uuid,
	"merged_by" uuid,
	"moved" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"summary" text NOT NULL,
	"ip" text,
	"user_id" uuid,
	"business_id" uuid,
	"event_count" integer DEFAULT 1 NOT NULL,
	"first_event_id" bigint,
	"last_event_id" bigint,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"status" "security_incident_status" DEFAULT 'open' NOT NULL,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" "staff_invitation_role" NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	"revoked_at" timestamp with time zone,
	"delivery" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumer_complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"consumer_user_id" uuid NOT NULL,
	"dispute_id" uuid,
	"business_id" uuid,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"status" "complaint_status" DEFAULT 'received' NOT NULL,
	"outcome_summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investigation_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investigation_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investigations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"complaint_id" uuid,
	"business_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "investigation_status" DEFAULT 'open' NOT NULL,
	"outcome" "investigation_outcome",
	"outcome_note" text,
	"opened_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_subject_merges" ADD CONSTRAINT "credit_subject_merges_review_id_credit_match_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."credit_match_reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_subject_merges" ADD CONSTRAINT "credit_subject_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_incidents" ADD CONSTRAINT "security_incidents_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_incidents" ADD CONSTRAINT "security_incidents_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_complaints" ADD CONSTRAINT "consumer_complaints_consumer_user_id_users_id_fk" FOREIGN KEY ("consumer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_complaints" ADD CONSTRAINT "consumer_complaints_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigation_notes" ADD CONSTRAINT "investigation_notes_investigation_id_investigations_id_fk" FOREIGN KEY ("investigation_id") REFERENCES "public"."investigations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigation_notes" ADD CONSTRAINT "investigation_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigations" ADD CONSTRAINT "investigations_complaint_id_consumer_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."consumer_complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigations" ADD CONSTRAINT "investigations_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigations" ADD CONSTRAINT "investigations_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_documents_business_idx" ON "business_documents" USING btree ("business_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "credit_subject_merges_survivor_idx" ON "credit_subject_merges" USING btree ("survivor_subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_incidents_fingerprint_key" ON "security_incidents" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "security_incidents_status_seen_idx" ON "security_incidents" USING btree ("status","last_seen_at");--> statement-breakpoint
CREATE INDEX "security_incidents_seen_idx" ON "security_incidents" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_hash_key" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_invitations_created_idx" ON "staff_invitations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consumer_complaints_reference_key" ON "consumer_complaints" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "consumer_complaints_consumer_idx" ON "consumer_complaints" USING btree ("consumer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "consumer_complaints_status_idx" ON "consumer_complaints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "investigation_notes_investigation_idx" ON "investigation_notes" USING btree ("investigation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investigations_reference_key" ON "investigations" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "investigations_status_idx" ON "investigations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "investigations_complaint_idx" ON "investigations" USING btree ("complaint_id");