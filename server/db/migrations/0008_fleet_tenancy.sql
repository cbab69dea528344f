ALTER TABLE agency_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE agency_counters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON agency_counters AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON idempotency_keys AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE vehicles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE vehicles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON vehicles AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE vehicle_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE vehicle_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON vehicle_events AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE squad_check_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE squad_check_templates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON squad_check_templates AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE squad_check_template_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE squad_check_template_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON squad_check_template_versions AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE squad_check_drafts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE squad_check_drafts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON squad_check_drafts AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE squad_check_submissions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE squad_check_submissions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON squad_check_submissions AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE service_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE service_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_requests AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE service_request_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE service_request_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_request_events AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON agency_counters, idempotency_keys, vehicles, vehicle_events, squad_check_templates, squad_check_template_versions, squad_check_drafts, squad_check_submissions, service_requests, service_request_events TO precinct_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE vehicle_events_id_seq, service_request_events_id_seq TO precinct_app;
