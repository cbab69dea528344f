CREATE TABLE "realtime_events" (
	"agency_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"topic" text NOT NULL,
	"user_id" uuid,
	"permission" text,
	"module" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_events_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_events_recent_idx" ON "realtime_events" USING btree ("agency_id","created_at");--> statement-breakpoint
-- realtime/v1 (docs/decisions/019-realtime.md): each agency sees only its own messages; messages are
-- written by the change that causes them, read by a reconnecting stream, and pruned after an hour.
ALTER TABLE realtime_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE realtime_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON realtime_events AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON realtime_events TO precinct_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE realtime_events_id_seq TO precinct_app;
--> statement-breakpoint
-- As a message is sent: the state of each candidate's session now (live, the user enabled), what the
-- user holds now and the agency's configuration, in one statement for all candidates. Like
-- precinct_request_scope, it sets the API's role and the agency for its own implicit transaction.
CREATE FUNCTION precinct_realtime_recipients(p_agency uuid, p_sessions uuid[])
RETURNS TABLE (
  session_id uuid,
  live boolean,
  last_activity_at timestamptz,
  security_policy jsonb,
  permissions text[],
  account_type text,
  sys_config jsonb
)
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
BEGIN
  PERFORM set_config('role', 'precinct_app', true), set_config('app.agency_id', p_agency::text, true), set_config('app.user_id', '', true);
  RETURN QUERY
  SELECT s.id,
         s.revoked_at IS NULL AND s.not_after > now() AND u.status = 'active',
         s.last_activity_at, a.security_policy,
         array(SELECT DISTINCT rp.permission FROM user_roles ur
                 JOIN role_permissions rp ON rp.agency_id = ur.agency_id AND rp.role_id = ur.role_id
                WHERE ur.agency_id = s.agency_id AND ur.user_id = s.user_id),
         u.account_type, a.sys_config
    FROM sessions s
    JOIN users u ON u.agency_id = s.agency_id AND u.id = s.user_id
    JOIN agencies a ON a.id = s.agency_id
   WHERE s.agency_id = p_agency AND s.id = ANY (p_sessions);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_realtime_recipients(uuid, uuid[]) FROM PUBLIC;
