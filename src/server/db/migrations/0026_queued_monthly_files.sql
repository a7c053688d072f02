CREATE TABLE "credit_submission_rows" (
	"submission_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"kind" text NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "credit_submission_rows_pkey" PRIMARY KEY("submission_id","part")
);
--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD COLUMN "rows_stored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD COLUMN "queue_position" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD COLUMN "sender_ip" text;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "credit_submission_rows" ADD CONSTRAINT "credit_submission_rows_submission_id_credit_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."credit_submissions"("id") ON DELETE cascade ON UPDATE no action;