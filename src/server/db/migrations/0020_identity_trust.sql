CREATE TABLE "consumer_identity_unlinks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"national_id" text NOT NULL,
	"subject_id" uuid,
	"phone" text,
	"reason" text NOT NULL,
	"unlinked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_account_phones" (
	"account_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"first_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_account_phones_pkey" PRIMARY KEY("account_id","phone")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consumer_identity_unlinks" ADD CONSTRAINT "consumer_identity_unlinks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_identity_unlinks" ADD CONSTRAINT "consumer_identity_unlinks_unlinked_by_users_id_fk" FOREIGN KEY ("unlinked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_account_phones" ADD CONSTRAINT "credit_account_phones_account_id_credit_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consumer_identity_unlinks_nin_idx" ON "consumer_identity_unlinks" USING btree ("national_id");--> statement-breakpoint
CREATE INDEX "consumer_identity_unlinks_user_idx" ON "consumer_identity_unlinks" USING btree ("user_id");