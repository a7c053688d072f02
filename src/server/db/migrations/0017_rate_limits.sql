CREATE TABLE "business_rate_limits" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"per_minute" integer NOT NULL,
	"per_user_per_minute" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_rate_limits" ADD CONSTRAINT "business_rate_limits_business_id_business_profiles_user_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_rate_limits" ADD CONSTRAINT "business_rate_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;