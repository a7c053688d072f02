CREATE TABLE "score_drift_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ran_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"model_version" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" uuid,
	"people" integer NOT NULL,
	"fitted_people" integer NOT NULL,
	"score_psi" double precision,
	"feature_psi" jsonb NOT NULL,
	"is_alert" boolean NOT NULL,
	"challenger" jsonb
);
--> statement-breakpoint
ALTER TABLE "score_drift_runs" ADD CONSTRAINT "score_drift_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_drift_runs_ran_at_idx" ON "score_drift_runs" USING btree ("ran_at");