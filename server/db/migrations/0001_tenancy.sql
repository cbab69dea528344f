-- Tenancy: the API runs every query as precinct_app, a role that owns nothing, is no superuser and
-- cannot bypass row-level security. Each transaction names its agency with
-- set_config('app.agency_id', <uuid>, true); the policies below show a row only when its agency matches.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'precinct_app') THEN
    CREATE ROLE precinct_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO precinct_app;
--> statement-breakpoint
CREATE FUNCTION precinct_current_agency() RETURNS uuid
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT nullif(current_setting('app.agency_id', true), '')::uuid $$;
--> statement-breakpoint
ALTER TABLE agencies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE agencies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON agencies AS PERMISSIVE FOR ALL TO precinct_app USING (id = precinct_current_agency()) WITH CHECK (id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON roles AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE role_permissions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE role_permissions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON role_permissions AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE user_roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_roles AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sessions AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE refresh_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON refresh_tokens AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE one_time_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE one_time_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON one_time_tokens AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mail_outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mail_outbox AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON agencies TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON users, roles, role_permissions, user_roles, sessions, refresh_tokens, one_time_tokens, mail_outbox TO precinct_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE refresh_tokens_id_seq TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON signing_keys TO precinct_app;
--> statement-breakpoint
-- The e-mail directory is read only through these functions: an address gives its agency, nothing more.
CREATE FUNCTION precinct_agency_for_email(p_email text) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT agency_id FROM email_directory WHERE email = lower(p_email) $$;
--> statement-breakpoint
-- Claims an address for a user of the transaction's own agency; false when it is taken.
CREATE FUNCTION precinct_claim_email(p_email text, p_user uuid) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  v_agency uuid := precinct_current_agency();
BEGIN
  IF v_agency IS NULL THEN
    RAISE EXCEPTION 'precinct_claim_email needs app.agency_id';
  END IF;
  INSERT INTO email_directory (email, agency_id, user_id) VALUES (lower(p_email), v_agency, p_user)
  ON CONFLICT (email) DO NOTHING;
  RETURN FOUND;
END
$$;
--> statement-breakpoint
-- Agencies with e-mail waiting, for the periodic retry of the outbox; ids only.
CREATE POLICY mail_dispatch ON mail_outbox AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (status = 'pending');
--> statement-breakpoint
CREATE FUNCTION precinct_agencies_with_pending_mail() RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT DISTINCT agency_id FROM mail_outbox WHERE status = 'pending' $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_agency_for_email(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_agency_for_email(text) TO precinct_app;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_claim_email(text, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_claim_email(text, uuid) TO precinct_app;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_agencies_with_pending_mail() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_agencies_with_pending_mail() TO precinct_app;
