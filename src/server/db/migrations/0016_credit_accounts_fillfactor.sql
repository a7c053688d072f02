-- Every monthly file rewrites each account it names. Free room in each page lets PostgreSQL update
-- an account in place (a heap-only tuple update) instead of adding entries to all its indexes.
-- Applies to pages written from now on; a VACUUM FULL or pg_repack rewrites existing ones.
ALTER TABLE credit_accounts SET (fillfactor = 85);
