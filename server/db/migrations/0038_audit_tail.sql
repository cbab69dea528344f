-- The hash an agency's next audit entry chains to, read once the caller holds the agency's audit lock
-- (issue 13: one round trip where the lock and the read were two). The read must come after the lock,
-- in a snapshot of its own: a statement's snapshot is taken when it starts, so a lock taken in the same
-- statement as the read could let it miss an entry committed while it waited, and fork the chain. In a
-- VOLATILE plpgsql function each statement takes a new snapshot (READ COMMITTED). The lock's key is
-- the one recordAudit took before (hashtext('audit:' || agency)). SECURITY INVOKER: it reads under
-- the caller's row-level security, inside the caller's tenant transaction.
CREATE FUNCTION precinct_audit_tail(p_agency uuid) RETURNS text
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp
AS $$
DECLARE
  v_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('audit:' || p_agency::text));
  SELECT hash INTO v_hash FROM audit_log WHERE agency_id = p_agency ORDER BY id DESC LIMIT 1;
  RETURN v_hash;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_audit_tail(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_audit_tail(uuid) TO precinct_app;
