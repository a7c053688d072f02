-- Issue 22: the audit log's person, business, actor and seal indexes become partial (IS NOT NULL): every
-- event wrote an entry in each, a NULL for most, and no search looks for NULL. It blocks audited
-- writes while the indexes build: on a large live log, a maintenance window (docs/operations.md).
DROP INDEX "audit_events_subject_idx";--> statement-breakpoint
DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
DROP INDEX "audit_events_business_idx";--> statement-breakpoint
DROP INDEX "audit_events_seal_idx";--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_id","occurred_at") WHERE subject_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","occurred_at") WHERE actor_user_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_business_idx" ON "audit_events" USING btree ("business_id","occurred_at") WHERE business_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_seal_idx" ON "audit_events" USING btree ("seal_id") WHERE seal_id IS NOT NULL;