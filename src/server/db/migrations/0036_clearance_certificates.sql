CREATE TABLE "certificate_signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clearance_certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"masked_national_id" text NOT NULL,
	"standing" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"signed_payload" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"file_state" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clearance_certificates" ADD CONSTRAINT "clearance_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clearance_certificates_user_idx" ON "clearance_certificates" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "clearance_certificates_subject_idx" ON "clearance_certificates" USING btree ("subject_id") WHERE revoked_at IS NULL;