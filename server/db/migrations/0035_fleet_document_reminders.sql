-- The daily job that reminds the fleet office before a vehicle's registration, insurance or inspection
-- lapses finds the agencies with a document due within the month (ids only), then works in each
-- agency's own transaction under row-level security, like the overtime sweep (0032).
CREATE POLICY fleet_documents_due ON vehicles AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (status <> 'retired');
--> statement-breakpoint
CREATE FUNCTION precinct_fleet_documents_due()
RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT DISTINCT v.agency_id FROM vehicles v
   WHERE v.status <> 'retired'
     AND least(v.registration_expires_on, v.insurance_expires_on, v.inspection_expires_on) <= current_date + 31
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_fleet_documents_due() FROM PUBLIC;
