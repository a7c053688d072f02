CREATE TYPE "public"."credit_identifier_type" AS ENUM('nin', 'drivers_license', 'passport');--> statement-breakpoint
CREATE TYPE "public"."credit_inquiry_kind" AS ENUM('search', 'report');--> statement-breakpoint
CREATE TYPE "public"."credit_review_status" AS ENUM('open', 'merged', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."credit_submission_status" AS ENUM('queued', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "credit_account_statuses" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_negative" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_account_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"principal" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"opened_at" date NOT NULL,
	"status" text NOT NULL,
	"default_amount" bigint,
	"default_date" date,
	"payment_history" text DEFAULT '' NOT NULL,
	"last_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_disputed" boolean DEFAULT false NOT NULL,
	"submission_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_business_account_key" UNIQUE("business_id","account_number")
);
--> statement-breakpoint
CREATE TABLE "credit_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "credit_inquiry_kind" NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" uuid,
	"search_terms" jsonb,
	"terms_hash" text,
	"result_count" integer DEFAULT 0 NOT NULL,
	"consent_given" boolean DEFAULT false NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_inquiry_subjects" (
	"inquiry_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"match_score" integer NOT NULL,
	CONSTRAINT "credit_inquiry_subjects_pkey" PRIMARY KEY("inquiry_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "credit_match_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_id" uuid NOT NULL,
	"candidate_subject_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"score" real NOT NULL,
	"business_id" uuid,
	"account_id" uuid,
	"submission_id" uuid,
	"reported" jsonb NOT NULL,
	"status" "credit_review_status" DEFAULT 'open' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_subject_addresses" (
	"subject_id" uuid NOT NULL,
	"line" text NOT NULL,
	"district" text,
	"first_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_subject_addresses_pkey" PRIMARY KEY("subject_id","line")
);
--> statement-breakpoint
CREATE TABLE "credit_subject_identifiers" (
	"type" "credit_identifier_type" NOT NULL,
	"value" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_subject_identifiers_pkey" PRIMARY KEY("type","value")
);
--> statement-breakpoint
CREATE TABLE "credit_subject_names" (
	"subject_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"first_code" text GENERATED ALWAYS AS (dmetaphone(first_name)) STORED NOT NULL,
	"last_code" text GENERATED ALWAYS AS (dmetaphone(last_name)) STORED NOT NULL,
	"full_name" text GENERATED ALWAYS AS (first_name || ' ' || last_name) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_subject_names_key" UNIQUE NULLS NOT DISTINCT("subject_id","first_name","middle_name","last_name","date_of_birth")
);
--> statement-breakpoint
CREATE TABLE "credit_subject_phones" (
	"subject_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"first_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_subject_phones_pkey" PRIMARY KEY("subject_id","phone")
);
--> statement-breakpoint
CREATE TABLE "credit_subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"district" text,
	"frozen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_submission_rejects" (
	"submission_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"field" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "credit_submission_rejects_pkey" PRIMARY KEY("submission_id","row_number","field")
);
--> statement-breakpoint
CREATE TABLE "credit_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"format" text NOT NULL,
	"status" "credit_submission_status" DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"match_exact" integer DEFAULT 0 NOT NULL,
	"match_probable" integer DEFAULT 0 NOT NULL,
	"match_new" integer DEFAULT 0 NOT NULL,
	"match_review" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "permissible_purposes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_type_credit_account_types_code_fk" FOREIGN KEY ("type") REFERENCES "public"."credit_account_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_status_credit_account_statuses_code_fk" FOREIGN KEY ("status") REFERENCES "public"."credit_account_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_inquiries" ADD CONSTRAINT "credit_inquiries_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_inquiries" ADD CONSTRAINT "credit_inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_inquiries" ADD CONSTRAINT "credit_inquiries_purpose_permissible_purposes_code_fk" FOREIGN KEY ("purpose") REFERENCES "public"."permissible_purposes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_inquiries" ADD CONSTRAINT "credit_inquiries_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_inquiry_subjects" ADD CONSTRAINT "credit_inquiry_subjects_inquiry_id_credit_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."credit_inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_inquiry_subjects" ADD CONSTRAINT "credit_inquiry_subjects_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_match_reviews" ADD CONSTRAINT "credit_match_reviews_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_match_reviews" ADD CONSTRAINT "credit_match_reviews_candidate_subject_id_credit_subjects_id_fk" FOREIGN KEY ("candidate_subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_match_reviews" ADD CONSTRAINT "credit_match_reviews_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_match_reviews" ADD CONSTRAINT "credit_match_reviews_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_subject_addresses" ADD CONSTRAINT "credit_subject_addresses_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_subject_identifiers" ADD CONSTRAINT "credit_subject_identifiers_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_subject_names" ADD CONSTRAINT "credit_subject_names_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_subject_phones" ADD CONSTRAINT "credit_subject_phones_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_submission_rejects" ADD CONSTRAINT "credit_submission_rejects_submission_id_credit_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."credit_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD CONSTRAINT "credit_submissions_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD CONSTRAINT "credit_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_accounts_subject_idx" ON "credit_accounts" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "credit_inquiries_business_created_idx" ON "credit_inquiries" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_inquiries_subject_created_idx" ON "credit_inquiries" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_inquiries_terms_hash_idx" ON "credit_inquiries" USING btree ("terms_hash") WHERE "credit_inquiries"."terms_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_inquiry_subjects_subject_idx" ON "credit_inquiry_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "credit_match_reviews_status_created_idx" ON "credit_match_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "credit_match_reviews_subject_idx" ON "credit_match_reviews" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "credit_match_reviews_candidate_idx" ON "credit_match_reviews" USING btree ("candidate_subject_id");--> statement-breakpoint
CREATE INDEX "credit_subject_identifiers_subject_idx" ON "credit_subject_identifiers" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "credit_subject_names_dob_last_idx" ON "credit_subject_names" USING btree ("date_of_birth","last_code");--> statement-breakpoint
CREATE INDEX "credit_subject_names_dob_first_idx" ON "credit_subject_names" USING btree ("date_of_birth","first_code");--> statement-breakpoint
CREATE INDEX "credit_subject_names_codes_idx" ON "credit_subject_names" USING btree ("last_code","first_code");--> statement-breakpoint
CREATE INDEX "credit_subject_names_full_trgm_idx" ON "credit_subject_names" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "credit_subject_phones_phone_idx" ON "credit_subject_phones" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "credit_submissions_business_created_idx" ON "credit_submissions" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_submissions_status_idx" ON "credit_submissions" USING btree ("status");