-- A month of the roster is the same answer for everyone of the agency who opens it, and at a shift
-- change the whole patrol opens it at once (and every open roster reads it again when it is told of a
-- change). Each agency now has a schedule version, raised by the commit of any change to what the
-- roster shows: a shift, a day note, a staffing minimum, a group, a shift type, a time-off request or
-- type, a person's name, a row moved to another agency, any of these tables truncated. A server keeps a
-- roster it built with the version it read first, in the same transaction, and answers it again while
-- the version is unchanged (server/schedule/roster-cache.ts).
--
-- As with access_versions (0040): constraint triggers deferred to the commit, so the version's row is
-- locked only at the end of a transaction that holds its other locks already (no deadlock over it); a
-- random step (precinct_access_step), so no version is issued twice; SECURITY DEFINER, so a change made
-- without an agency in scope raises its agency's version all the same. A transaction raises each
-- agency's version once, however many rows it changed (a rotation generates hundreds of shifts). An
-- agency made later gets its row with its first change; until it has one, no server keeps its rosters. What no
-- trigger sees (triggers disabled, session_replication_role = replica) an operator follows with a
-- restart of the servers.
CREATE TABLE schedule_versions (
  agency_id uuid PRIMARY KEY,
  version bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE schedule_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_versions AS PERMISSIVE FOR SELECT TO precinct_app USING (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT ON schedule_versions TO precinct_app;
--> statement-breakpoint
-- The agencies there are now start with a version (where the migrating role sees them), so their rosters are kept from the start.
INSERT INTO schedule_versions (agency_id, version) SELECT id, precinct_access_step() FROM agencies;
--> statement-breakpoint
-- Raises the version of the changed row's agency, and of the one it left if it moved; once per
-- transaction and agency (a transaction-local setting remembers it). For TRUNCATE, every agency's.
CREATE FUNCTION precinct_schedule_changed() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  changed uuid;
  touched uuid[];
  marker text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    UPDATE schedule_versions SET version = version + precinct_access_step();
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY[NEW.agency_id];
  ELSIF TG_OP = 'DELETE' OR NEW.agency_id = OLD.agency_id THEN
    touched := ARRAY[OLD.agency_id];
  ELSE
    touched := ARRAY[OLD.agency_id, NEW.agency_id];
  END IF;
  FOREACH changed IN ARRAY touched LOOP
    marker := 'precinct.schedule_raised_' || replace(changed::text, '-', '_');
    CONTINUE WHEN current_setting(marker, true) = txid_current()::text;
    INSERT INTO schedule_versions AS v (agency_id, version) VALUES (changed, precinct_access_step())
      ON CONFLICT (agency_id) DO UPDATE SET version = v.version + precinct_access_step();
    PERFORM set_config(marker, txid_current()::text, true);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_schedule_changed() FROM PUBLIC;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_insert AFTER INSERT ON schedule_shifts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_update AFTER UPDATE ON schedule_shifts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_delete AFTER DELETE ON schedule_shifts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_truncated AFTER TRUNCATE ON schedule_shifts FOR EACH STATEMENT EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_insert AFTER INSERT ON schedule_day_notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_update AFTER UPDATE ON schedule_day_notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_delete AFTER DELETE ON schedule_day_notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_truncated AFTER TRUNCATE ON schedule_day_notes FOR EACH STATEMENT EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_insert AFTER INSERT ON schedule_minimums DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_update AFTER UPDATE ON schedule_minimums DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_delete AFTER DELETE ON schedule_minimums DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_truncated AFTER TRUNCATE ON schedule_minimums FOR EACH STATEMENT EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_insert AFTER INSERT ON schedule_groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_update AFTER UPDATE ON schedule_groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_delete AFTER DELETE ON schedule_groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_truncated AFTER TRUNCATE ON schedule_groups FOR EACH STATEMENT EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_insert AFTER INSERT ON schedule_shift_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_update AFTER UPDATE ON schedule_shift_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_delete AFTER DELETE ON schedule_shift_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_truncated AFTER TRUNCATE ON schedule_shift_types FOR EACH STATEMENT EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_insert AFTER INSERT ON schedule_time_off_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_update AFTER UPDATE ON schedule_time_off_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_delete AFTER DELETE ON schedule_time_off_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_truncated AFTER TRUNCATE ON schedule_time_off_requests FOR EACH STATEMENT EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_insert AFTER INSERT ON schedule_time_off_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_update AFTER UPDATE ON schedule_time_off_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_delete AFTER DELETE ON schedule_time_off_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_truncated AFTER TRUNCATE ON schedule_time_off_types FOR EACH STATEMENT EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
-- People's names are on the roster; their other columns (sign-ins, status) change often and are not.
CREATE CONSTRAINT TRIGGER schedule_changed_update AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.agency_id IS DISTINCT FROM NEW.agency_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER schedule_changed_delete AFTER DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION precinct_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION precinct_schedule_changed();
