DROP INDEX "audit_events_occurred_at_idx";--> statement-breakpoint
ALTER TABLE "credit_report_copies" ALTER COLUMN "report" SET DATA TYPE json;--> statement-breakpoint
CREATE INDEX "audit_events_occurred_at_brin" ON "audit_events" USING brin ("occurred_at");