CREATE TABLE "password_reset_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier_key" text NOT NULL,
	"user_id" uuid,
	"code_hash" text,
	"sent_to_phone" text,
	"sent_to_email" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "password_reset_requests" ADD CONSTRAINT "password_reset_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_requests_key_idx" ON "password_reset_requests" USING btree ("identifier_key","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_requests_phone_idx" ON "password_reset_requests" USING btree ("sent_to_phone","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_requests_email_idx" ON "password_reset_requests" USING btree ("sent_to_email","created_at");