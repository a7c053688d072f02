ALTER TABLE "credit_accounts" DROP CONSTRAINT "credit_accounts_type_credit_account_types_code_fk";
--> statement-breakpoint
ALTER TABLE "credit_accounts" DROP CONSTRAINT "credit_accounts_status_credit_account_statuses_code_fk";
