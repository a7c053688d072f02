CREATE TABLE "credit_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_id" uuid NOT NULL,
	"model_version" text NOT NULL,
	"as_of" timestamp (3) with time zone NOT NULL,
	"computed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"value" integer,
	"band" text,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unavailable_code" text,
	"features" jsonb,
	"points" jsonb,
	"inputs_digest" text NOT NULL,
	"account_count" integer NOT NULL,
	"context" text NOT NULL,
	"inquiry_id" uuid
);
--> statement-breakpoint
ALTER TABLE "credit_scores" ADD CONSTRAINT "credit_scores_subject_id_credit_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."credit_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_scores_subject_computed_idx" ON "credit_scores" USING btree ("subject_id","computed_at");