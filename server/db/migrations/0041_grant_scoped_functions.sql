-- The functions the server calls as its connecting role (Database.scopedCall, the jobs' sweeps, the
-- realtime fan-out, the all-call's text replies), for a deployment where that role is one of its own,
-- a member of precinct_app, and the owner only migrates (README, "Production"). Each was revoked from
-- PUBLIC and granted to no one, so there only the owner could call them: the sweeps failed there, and
-- before migration 0040 so did every signed-in request. Granting them to precinct_app gives its members
-- nothing more than the owner's server already does with them.
GRANT EXECUTE ON FUNCTION precinct_request_scope(uuid, uuid, uuid) TO precinct_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_realtime_recipients(uuid, uuid[]) TO precinct_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_allcall_for_sms(text, integer) TO precinct_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_fleet_documents_due() TO precinct_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_overtime_offers_due() TO precinct_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_productivity_agencies_due() TO precinct_app;
