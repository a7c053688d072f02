CREATE TABLE "mobile_money_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"plan_code" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"phone" text NOT NULL,
	"order_id" text NOT NULL,
	"provider_reference" text,
	"callback_token_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_usd_cents" integer NOT NULL,
	"exchange_rate_sle_per_usd" numeric(12, 4) NOT NULL,
	"amount_sle_cents" bigint NOT NULL,
	"currency" text DEFAULT 'SLE' NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"failure_message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "mobile_money_payments_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "mobile_money_payments" ADD CONSTRAINT "mobile_money_payments_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_money_payments" ADD CONSTRAINT "mobile_money_payments_plan_code_plans_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_money_payments" ADD CONSTRAINT "mobile_money_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_money_payments_business_id_idx" ON "mobile_money_payments" USING btree ("business_id","created_at");