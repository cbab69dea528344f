ALTER TABLE auth_factors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE auth_factors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON auth_factors AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE mfa_challenges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mfa_challenges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mfa_challenges AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON auth_factors, mfa_challenges TO precinct_app;
