-- The audit log is append-only: rows cannot be deleted, and the only update allowed is the
-- sealer setting seal_id once. Someone with the rights to drop this trigger can still edit rows;
-- the content hashes and Merkle seals are what detect that (GET /api/admin/audit/verify).
CREATE OR REPLACE FUNCTION audit_events_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'audit_events is append-only';
  END IF;
  IF OLD.seal_id IS NOT NULL
     OR NEW.id IS DISTINCT FROM OLD.id
     OR NEW.occurred_at IS DISTINCT FROM OLD.occurred_at
     OR NEW.action IS DISTINCT FROM OLD.action
     OR NEW.actor_user_id IS DISTINCT FROM OLD.actor_user_id
     OR NEW.actor_role IS DISTINCT FROM OLD.actor_role
     OR NEW.business_id IS DISTINCT FROM OLD.business_id
     OR NEW.subject_id IS DISTINCT FROM OLD.subject_id
     OR NEW.target_type IS DISTINCT FROM OLD.target_type
     OR NEW.target_id IS DISTINCT FROM OLD.target_id
     OR NEW.ip IS DISTINCT FROM OLD.ip
     OR NEW.request_id IS DISTINCT FROM OLD.request_id
     OR NEW.details IS DISTINCT FROM OLD.details
     OR NEW.content_hash IS DISTINCT FROM OLD.content_hash THEN
    RAISE EXCEPTION 'audit_events is append-only: only seal_id may be set, once';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_events_append_only ON audit_events;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_guard();
