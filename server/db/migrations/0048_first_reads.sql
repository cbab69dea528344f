-- The read a route sends in the same message as its access check (FirstRead, server/platform/database.ts):
-- the signed-in user's row with their agency's, for the profile every app start reads and for
-- GET /auth/v1/user (which uses the user's part). It is a function, so the message only calls it:
-- plpgsql keeps its statement's plan for the connection, as a prepared statement would, and nothing
-- stays in the session, so it runs through a pooler in transaction mode too. It runs as the caller
-- (precinct_app, as the access check leaves the transaction) under row-level security, and answers the
-- columns the API shows, never a password's hash.
CREATE FUNCTION precinct_profile(p_agency uuid, p_user uuid)
RETURNS TABLE (
  id uuid,
  agency_id uuid,
  email text,
  email_confirmed_at timestamptz,
  name text,
  badge_number text,
  rank text,
  phone text,
  account_type text,
  status text,
  user_metadata jsonb,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  agency_name text,
  agency_slug text,
  agency_ori text,
  agency_timezone text,
  agency_sys_config jsonb,
  agency_security_policy jsonb
)
LANGUAGE plpgsql STABLE SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT u.id, u.agency_id, u.email, u.email_confirmed_at, u.name, u.badge_number, u.rank, u.phone, u.account_type, u.status,
         u.user_metadata, u.created_at, u.last_sign_in_at,
         a.name, a.slug, a.ori, a.timezone, a.sys_config, a.security_policy
    FROM users u
    JOIN agencies a ON a.id = u.agency_id
   WHERE u.agency_id = p_agency AND u.id = p_user;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_profile(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_profile(uuid, uuid) TO precinct_app;
