-- The access check also answers whether the user has a verified second factor (issue 15): once they
-- have one, a password-only (aal1) session reaches only the factor challenge and verify, the factor
-- list and sign-out, whatever the agency's policy (spec section 3: aal2 is the next level when any
-- verified factor exists). The return type changes, so the function is dropped and made again.
DROP FUNCTION precinct_request_scope(uuid, uuid, uuid);
--> statement-breakpoint
CREATE FUNCTION precinct_request_scope(p_agency uuid, p_session uuid, p_user uuid)
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
#variable_conflict use_column
BEGIN
  PERFORM set_config('role', 'precinct_app', true), set_config('app.agency_id', p_agency::text, true), set_config('app.user_id', '', true);
  RETURN QUERY
  SELECT s.revoked_at, s.not_after, s.last_activity_at, u.status, u.account_type, a.sys_config, a.security_policy,
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
REVOKE ALL ON FUNCTION precinct_request_scope(uuid, uuid, uuid) FROM PUBLIC;
