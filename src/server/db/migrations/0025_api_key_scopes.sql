-- Keys made before scopes get all four, so nothing an integration did stops working (decisions/032);
-- the default is dropped at once: every new key is given its scopes explicitly.
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT ARRAY['reports:read', 'data:report', 'disputes:answer', 'webhooks:manage']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "scopes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_not_empty" CHECK (cardinality("api_keys"."scopes") > 0);
