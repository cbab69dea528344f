-- What the access check reads changes rarely; it was read again on every request (issue 13). Each
-- agency now has an access version, raised by the commit of any change to what
-- precinct_request_scope answers: a session ended or cut short (or its last activity set back, which
-- only an operator or a test does: activity only moves on), a user disabled or made a part-time
-- account, a role given, taken or changed, a permission granted or withdrawn, the agency's modules or
-- security policy, a second factor added, verified or removed, a row moved to another agency or given
-- another id, any of these tables truncated. A server keeps each session's state with the version it
-- was read at; precinct_access_check answers "unchanged" when the version still matches, and the whole
-- state otherwise, so a removed role still stops working on the next request, whichever server answers.
--
-- The version is raised by constraint triggers deferred to the commit: the row of access_versions is
-- locked only at the end of a transaction that already holds all its other locks, so two transactions
-- cannot deadlock over it. Each raise adds a random step (1 to 2^32), not 1: a version is never issued
-- twice, even after a restore or a failover lost the last raises (a counter would issue 8 again after
-- losing 8, and a server that kept 8 would take the new 8 for its own). An agency gets its row with its
-- first session; until it has one, no server keeps its sessions' states. The triggers are SECURITY
-- DEFINER, their writes made as the table's owner (on whom row-level security is not forced here, like
-- email_directory): a change made without an agency in scope (a sweep) raises its agency's version all
-- the same. precinct_app reads its own agency's row.
--
-- What no trigger sees, an operator must follow with a restart of the servers (or any change that
-- raises the version): changes made with triggers disabled (ALTER TABLE … DISABLE TRIGGER,
-- session_replication_role = replica, pg_restore --disable-triggers).
CREATE TABLE access_versions (
  agency_id uuid PRIMARY KEY,
  version bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE access_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON access_versions AS PERMISSIVE FOR SELECT TO precinct_app USING (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT ON access_versions TO precinct_app;
--> statement-breakpoint
-- A random step of 1 to 2^32.
CREATE FUNCTION precinct_access_step() RETURNS bigint
LANGUAGE sql VOLATILE
AS $$ SELECT 1 + floor(random() * 4294967296)::bigint $$;
--> statement-breakpoint
-- Raises the version of the changed row's agency, and of the agency it left if it moved (TG_ARGV[0]
-- names the column that holds the agency: agencies' is id). For TRUNCATE, every agency's.
CREATE FUNCTION precinct_access_changed() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    UPDATE access_versions SET version = version + precinct_access_step();
    RETURN NULL;
  END IF;
  INSERT INTO access_versions AS v (agency_id, version)
  SELECT a.agency_id, precinct_access_step()
    FROM (SELECT DISTINCT agency_id
            FROM unnest(ARRAY[(to_jsonb(OLD) ->> TG_ARGV[0])::uuid, (to_jsonb(NEW) ->> TG_ARGV[0])::uuid]) AS changed(agency_id)
           WHERE agency_id IS NOT NULL) a
  ON CONFLICT (agency_id) DO UPDATE SET version = v.version + precinct_access_step();
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_access_changed() FROM PUBLIC;
--> statement-breakpoint
-- An agency's row, made with its first session (a sign-in): from then on its sessions' states can be kept.
CREATE FUNCTION precinct_access_started() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO access_versions (agency_id, version) VALUES (NEW.agency_id, precinct_access_step()) ON CONFLICT (agency_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_access_started() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER access_started AFTER INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION precinct_access_started();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_update AFTER UPDATE ON sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.not_after IS DISTINCT FROM NEW.not_after OR OLD.user_id IS DISTINCT FROM NEW.user_id
      OR OLD.agency_id IS DISTINCT FROM NEW.agency_id OR OLD.id IS DISTINCT FROM NEW.id OR NEW.last_activity_at < OLD.last_activity_at)
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_delete AFTER DELETE ON sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_update AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.account_type IS DISTINCT FROM NEW.account_type
      OR OLD.agency_id IS DISTINCT FROM NEW.agency_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_delete AFTER DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_update AFTER UPDATE ON roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.agency_id IS DISTINCT FROM NEW.agency_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_delete AFTER DELETE ON roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_update AFTER UPDATE ON agencies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.sys_config IS DISTINCT FROM NEW.sys_config OR OLD.security_policy IS DISTINCT FROM NEW.security_policy OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION precinct_access_changed('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_insert AFTER INSERT ON auth_factors DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_update AFTER UPDATE ON auth_factors DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.agency_id IS DISTINCT FROM NEW.agency_id)
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER access_changed_delete AFTER DELETE ON auth_factors DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_access_changed('agency_id');
--> statement-breakpoint
CREATE TRIGGER access_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION precinct_access_changed();
--> statement-breakpoint
CREATE TRIGGER access_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION precinct_access_changed();
--> statement-breakpoint
CREATE TRIGGER access_truncated AFTER TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION precinct_access_changed();
--> statement-breakpoint
CREATE TRIGGER access_truncated AFTER TRUNCATE ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION precinct_access_changed();
--> statement-breakpoint
CREATE TRIGGER access_truncated AFTER TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION precinct_access_changed();
--> statement-breakpoint
CREATE TRIGGER access_truncated AFTER TRUNCATE ON agencies FOR EACH STATEMENT EXECUTE FUNCTION precinct_access_changed();
--> statement-breakpoint
CREATE TRIGGER access_truncated AFTER TRUNCATE ON auth_factors FOR EACH STATEMENT EXECUTE FUNCTION precinct_access_changed();
--> statement-breakpoint
-- The access check, in place of precinct_request_scope (migrations 0017, 0018), for a server that knows
-- the session's state as of version p_known (-1: it knows nothing; no version is -1). It sets the API's
-- role and the agency for its transaction, as that did. One row with unchanged = true and nothing else when the
-- agency's version is still p_known; otherwise the session, user and agency as they are now, with the
-- version they were read at (no row: no such session). The version is read first, in a snapshot of its
-- own (VOLATILE plpgsql, READ COMMITTED): a change committed between the two reads then pairs a newer
-- state with an older version, which only makes the next request read the state again; the other
-- order could pair an older state with a newer version, and keep it. precinct_request_scope stays for
-- a server of the previous release still answering during a rolling deploy, made a wrapper of it below.
CREATE FUNCTION precinct_access_check(p_agency uuid, p_session uuid, p_user uuid, p_known bigint)
RETURNS TABLE (
  access_version text,
  unchanged boolean,
  revoked_at timestamptz,
  not_after timestamptz,
  last_activity_at timestamptz,
  status text,
  account_type text,
  sys_config jsonb,
  security_policy jsonb,
  permissions text[],
  roles text[],
  has_verified_factor boolean
)
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  v_version bigint;
BEGIN
  PERFORM set_config('role', 'precinct_app', true), set_config('app.agency_id', p_agency::text, true), set_config('app.user_id', '', true);
  -- As precinct_app: its own agency's row (none before its first session: then null, and nothing is kept).
  v_version := (SELECT v.version FROM access_versions v WHERE v.agency_id = p_agency);
  IF v_version = p_known THEN
    RETURN QUERY SELECT v_version::text, true, NULL::timestamptz, NULL::timestamptz, NULL::timestamptz, NULL::text, NULL::text,
      NULL::jsonb, NULL::jsonb, NULL::text[], NULL::text[], NULL::boolean;
    RETURN;
  END IF;
  RETURN QUERY
  SELECT v_version::text, false, s.revoked_at, s.not_after, s.last_activity_at, u.status, u.account_type, a.sys_config, a.security_policy,
         array(SELECT DISTINCT rp.permission FROM user_roles ur
                 JOIN role_permissions rp ON rp.agency_id = ur.agency_id AND rp.role_id = ur.role_id
                WHERE ur.agency_id = s.agency_id AND ur.user_id = s.user_id),
         array(SELECT r.name FROM user_roles ur JOIN roles r ON r.agency_id = ur.agency_id AND r.id = ur.role_id
                WHERE ur.agency_id = s.agency_id AND ur.user_id = s.user_id),
         EXISTS (SELECT 1 FROM auth_factors f
                  WHERE f.agency_id = s.agency_id AND f.user_id = s.user_id AND f.status = 'verified')
    FROM sessions s
    JOIN users u ON u.agency_id = s.agency_id AND u.id = s.user_id
    JOIN agencies a ON a.id = s.agency_id
   WHERE s.agency_id = p_agency AND s.id = p_session AND s.user_id = p_user;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_access_check(uuid, uuid, uuid, bigint) FROM PUBLIC;
--> statement-breakpoint
-- For a server that signs in as a role of its own, member of precinct_app (README, "Production").
GRANT EXECUTE ON FUNCTION precinct_access_check(uuid, uuid, uuid, bigint) TO precinct_app;
--> statement-breakpoint
-- The previous release's access check, for a server of it still answering during a rolling deploy: the
-- same answer, read by the one query above.
CREATE OR REPLACE FUNCTION precinct_request_scope(p_agency uuid, p_session uuid, p_user uuid)
RETURNS TABLE (
  revoked_at timestamptz,
  not_after timestamptz,
  last_activity_at timestamptz,
  status text,
  account_type text,
  sys_config jsonb,
  security_policy jsonb,
  permissions text[],
  roles text[],
  has_verified_factor boolean
)
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp
AS $$
BEGIN
  RETURN QUERY
  SELECT c.revoked_at, c.not_after, c.last_activity_at, c.status, c.account_type, c.sys_config, c.security_policy,
         c.permissions, c.roles, c.has_verified_factor
    FROM precinct_access_check(p_agency, p_session, p_user, -1) c;
END
$$;
