ALTER TYPE "public"."dispute_outcome" ADD VALUE 'removed';--> statement-breakpoint
CREATE TABLE "credit_account_months" (
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"balance" bigint NOT NULL,
	"amount_past_due" bigint,
	"status" text NOT NULL,
	CONSTRAINT "credit_account_months_pkey" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
CREATE TABLE "credit_account_parties" (
	"account_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_account_parties_pkey" PRIMARY KEY("account_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "credit_account_removals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"reason" text NOT NULL,
	"account" jsonb NOT NULL,
	"removed_by" uuid,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispute_id" uuid,
	"reinsertion_certified_at" timestamp with time zone,
	"reinsertion_note" text
);
--> statement-breakpoint
ALTER TABLE "disputes" DROP CONSTRAINT "disputes_account_id_credit_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "amount_past_due" bigint;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "first_delinquency_date" date;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "last_payment_date" date;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "last_payment_amount" bigint;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "scheduled_payment_amount" bigint;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "term_months" integer;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "payment_frequency" text;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "closed_at" date;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "dispute_removed_values" jsonb;--> statement-breakpoint
ALTER TABLE "credit_account_months" ADD CONSTRAINT "credit_account_months_account_id_credit_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_account_parties" ADD CONSTRAINT "credit_account_parties_account_id_credit_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_account_parties" ADD CONSTRAINT "credit_account_parties_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_account_removals" ADD CONSTRAINT "credit_account_removals_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_account_parties_subject_idx" ON "credit_account_parties" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "credit_account_removals_business_account_idx" ON "credit_account_removals" USING btree ("business_id","account_number");--> statement-breakpoint
CREATE INDEX "credit_account_removals_account_idx" ON "credit_account_removals" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "credit_accounts_dispute_removed_idx" ON "credit_accounts" USING btree ("business_id","account_number") WHERE dispute_removed_values IS NOT NULL;