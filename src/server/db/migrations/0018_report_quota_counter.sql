CREATE TABLE "credit_report_usage" (
	"business_id" uuid NOT NULL,
	"month" date NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_report_usage_pkey" PRIMARY KEY("business_id","month")
);
--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "monthly_quota_override" integer;--> statement-breakpoint
ALTER TABLE "credit_report_usage" ADD CONSTRAINT "credit_report_usage_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counter starts from the reports already pulled, month by month.
INSERT INTO "credit_report_usage" ("business_id", "month", "reports")
SELECT "business_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, count(*)::int
FROM "credit_inquiries" WHERE "kind" = 'report'
GROUP BY 1, 2;
