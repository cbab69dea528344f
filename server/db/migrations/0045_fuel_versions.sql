-- Each full fill's economy, and whether it is an outlier, are worked out from all of its vehicle's valid
-- fills (core/fleet/fuel-economy.ts), which the fuel log read and worked through for every vehicle of
-- its page, on every request: a page of 50 is most of an agency's cars and their whole logs. Each vehicle
-- now has a fuel version, raised by the commit of any change to its fills (a fill logged, corrected,
-- voided, deleted, moved to another vehicle or agency, the table truncated). A server keeps the economy
-- it worked out for a vehicle with the version it read with the fills, and uses it again while the
-- version is unchanged (server/fleet/fuel-economy-cache.ts).
--
-- As with schedule_versions (0044): constraint triggers deferred to the commit (the version's row is
-- locked only at the end of a transaction that holds its other locks already), a random step
-- (precinct_access_step, so no version is issued twice), SECURITY DEFINER (a change made without an
-- agency in scope raises its vehicle's version all the same). A transaction raises each vehicle's
-- version once, however many of its fills it changed: `raised_in` remembers the transaction, so the
-- row is not written again (an import of a year of fills is one raise per vehicle). A vehicle gets its
-- row with its first fill; until it has one, nothing is kept for it. What no trigger sees (triggers
-- disabled, session_replication_role = replica) an operator follows with a restart of the servers.
CREATE TABLE fuel_versions (
  agency_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  version bigint NOT NULL,
  raised_in bigint NOT NULL,
  PRIMARY KEY (agency_id, vehicle_id)
);
--> statement-breakpoint
ALTER TABLE fuel_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fuel_versions AS PERMISSIVE FOR SELECT TO precinct_app USING (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT ON fuel_versions TO precinct_app;
--> statement-breakpoint
-- The vehicles with fills now start with a version (where the migrating role sees them), so their economy is kept from the start.
INSERT INTO fuel_versions (agency_id, vehicle_id, version, raised_in)
SELECT agency_id, vehicle_id, precinct_access_step(), txid_current() FROM (SELECT DISTINCT agency_id, vehicle_id FROM fuel_entries) AS fuelled;
--> statement-breakpoint
-- Raises the version of the changed fill's vehicle, and of the one it left if it moved; once per
-- transaction and vehicle. For TRUNCATE, every vehicle's.
CREATE FUNCTION precinct_fuel_changed() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  agency_ids uuid[];
  vehicle_ids uuid[];
  i integer;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    UPDATE fuel_versions SET version = version + precinct_access_step(), raised_in = txid_current();
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    agency_ids := ARRAY[NEW.agency_id];
    vehicle_ids := ARRAY[NEW.vehicle_id];
  ELSIF TG_OP = 'DELETE' OR (NEW.agency_id = OLD.agency_id AND NEW.vehicle_id = OLD.vehicle_id) THEN
    agency_ids := ARRAY[OLD.agency_id];
    vehicle_ids := ARRAY[OLD.vehicle_id];
  ELSE
    agency_ids := ARRAY[OLD.agency_id, NEW.agency_id];
    vehicle_ids := ARRAY[OLD.vehicle_id, NEW.vehicle_id];
  END IF;
  FOR i IN 1 .. array_length(agency_ids, 1) LOOP
    INSERT INTO fuel_versions AS v (agency_id, vehicle_id, version, raised_in)
      VALUES (agency_ids[i], vehicle_ids[i], precinct_access_step(), txid_current())
      ON CONFLICT (agency_id, vehicle_id) DO UPDATE SET version = v.version + precinct_access_step(), raised_in = txid_current()
      WHERE v.raised_in <> txid_current();
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_fuel_changed() FROM PUBLIC;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER fuel_changed_insert AFTER INSERT ON fuel_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_fuel_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER fuel_changed_update AFTER UPDATE ON fuel_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_fuel_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER fuel_changed_delete AFTER DELETE ON fuel_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_fuel_changed();
--> statement-breakpoint
CREATE TRIGGER fuel_truncated AFTER TRUNCATE ON fuel_entries FOR EACH STATEMENT EXECUTE FUNCTION precinct_fuel_changed();
