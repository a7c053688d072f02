-- Decision 023: keyed seals (version 2), a sequence number per seal, audit_seals append-only like
-- audit_events, no TRUNCATE of either, and event times that never go backwards.
ALTER TABLE "audit_seals" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_seals" ADD COLUMN "sequence" bigint;--> statement-breakpoint
UPDATE "audit_seals" SET "sequence" = numbered.n
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "audit_seals") AS numbered
  WHERE numbered.id = "audit_seals".id;--> statement-breakpoint
ALTER TABLE "audit_seals" ALTER COLUMN "sequence" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_seals_sequence_idx" ON "audit_seals" USING btree ("sequence");--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_seals_guard() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_seals is append-only';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_seals_append_only ON audit_seals;--> statement-breakpoint
CREATE TRIGGER audit_seals_append_only BEFORE UPDATE OR DELETE ON audit_seals
  FOR EACH ROW EXECUTE FUNCTION audit_seals_guard();--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_no_truncate() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: it cannot be truncated', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_events_no_truncate ON audit_events;--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_no_truncate();--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_seals_no_truncate ON audit_seals;--> statement-breakpoint
CREATE TRIGGER audit_seals_no_truncate BEFORE TRUNCATE ON audit_seals
  FOR EACH STATEMENT EXECUTE FUNCTION audit_no_truncate();--> statement-breakpoint
-- Event times never go backwards: an event dated more than a minute before the latest one is
-- refused (the minute allows for clocks of several instances and a request's own delay).
CREATE OR REPLACE FUNCTION audit_events_time_guard() RETURNS trigger AS $$
DECLARE
  latest timestamptz;
BEGIN
  SELECT max(occurred_at) INTO latest FROM audit_events;
  IF latest IS NOT NULL AND NEW.occurred_at < latest - interval '1 minute' THEN
    RAISE EXCEPTION 'audit_events: an event cannot be dated before the latest event (% < %)', NEW.occurred_at, latest;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_events_time_forward ON audit_events;--> statement-breakpoint
CREATE TRIGGER audit_events_time_forward BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_time_guard();
