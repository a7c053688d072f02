ALTER TABLE "credit_submission_rows" ALTER COLUMN "rows" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "credit_submission_rows" DROP COLUMN "kind";--> statement-breakpoint
-- Not compressed: a queued file's rows are written once, read once and deleted (decisions/033).
ALTER TABLE "credit_submission_rows" ALTER COLUMN "rows" SET STORAGE EXTERNAL;
