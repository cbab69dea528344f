-- The report and citation searches never used their full-text indexes. Under row-level security a
-- condition of the query may go into an index scan only if its operator is leakproof, so that it can
-- tell nothing of rows the policy hides; `tsvector @@ tsquery` is not (only a superuser may mark a
-- function leakproof). So PostgreSQL read every report of the agency and tested each one's words: the
-- search's cost grew with the agency's reports, not with what it found (docs/decisions/013,
-- twenty-second step).
--
-- The words now live in a table of their own, outside row-level security, whose index a search can
-- use: search_words, every agency's, each word led by its agency and kind (so a prefix search reads
-- only the agency's own entries of the index, where an index of plain words held every agency's
-- "maple…"). The API role cannot read it; it asks precinct_search_matches, which answers only ids of
-- the agency in scope. Triggers keep it in step with reports.search_text and citations.search_text.
DROP INDEX "citations_search_idx";--> statement-breakpoint
DROP INDEX "reports_search_idx";--> statement-breakpoint
ALTER TABLE "citations" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "search_vector";--> statement-breakpoint
CREATE TABLE search_words (
  agency_id uuid NOT NULL,
  kind text NOT NULL,
  id uuid NOT NULL,
  words tsvector NOT NULL,
  PRIMARY KEY (agency_id, kind, id)
);
--> statement-breakpoint
REVOKE ALL ON search_words FROM PUBLIC;
--> statement-breakpoint
-- What leads each word of an agency's row of a kind: the first 8 characters of the agency's id and the
-- first letter of the kind, so a prefix search reads the agency's own entries of the index. Short, as
-- every word carries it (the whole id made the index twice the size); two agencies or kinds that share
-- it only make a search read more entries: precinct_search_matches checks the agency and the kind.
CREATE FUNCTION precinct_search_prefix(agency uuid, kind text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT left($1::text, 8) || left($2, 1) $$;
--> statement-breakpoint
-- The row's words (its search_text as to_tsvector('simple') reads it), each led by the prefix.
CREATE FUNCTION precinct_search_words(agency uuid, kind text, body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT array_to_tsvector(ARRAY(SELECT precinct_search_prefix($1, $2) || lexeme FROM unnest(to_tsvector('simple', $3)))) $$;
--> statement-breakpoint
-- A query's words led by the same prefix: 'maple':* & 'hoff':* becomes '02b27912rmaple':* & '02b27912rhoff':*.
CREATE FUNCTION precinct_search_query(agency uuid, kind text, query tsquery) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT regexp_replace($3::text, '''((?:[^'']|'''')*)''', '''' || precinct_search_prefix($1, $2) || '\1''', 'g')::tsquery $$;
--> statement-breakpoint
-- The ids of the agency in scope's rows of a kind whose words match the query (to_tsquery('simple', …)).
-- No agency in scope, no ids.
CREATE FUNCTION precinct_search_matches(kind text, query tsquery) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100
AS $$
  SELECT w.id FROM search_words w
  WHERE w.agency_id = precinct_current_agency() AND w.kind = $1
    AND w.words @@ precinct_search_query(precinct_current_agency(), $1, $2)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_search_matches(text, tsquery) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION precinct_search_matches(text, tsquery) TO precinct_app;
--> statement-breakpoint
-- Keeps a row's words (the trigger's argument names the kind): written, rewritten when its search_text
-- (or its agency or id) changes, gone with it; a TRUNCATE takes the kind's words with it.
CREATE FUNCTION precinct_search_words_changed() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    DELETE FROM search_words WHERE kind = TG_ARGV[0];
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.agency_id <> NEW.agency_id OR OLD.id <> NEW.id)) THEN
    DELETE FROM search_words WHERE agency_id = OLD.agency_id AND kind = TG_ARGV[0] AND id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_words (agency_id, kind, id, words)
      VALUES (NEW.agency_id, TG_ARGV[0], NEW.id, precinct_search_words(NEW.agency_id, TG_ARGV[0], NEW.search_text))
      ON CONFLICT (agency_id, kind, id) DO UPDATE SET words = excluded.words;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_search_words_changed() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER search_words_insert AFTER INSERT ON reports FOR EACH ROW EXECUTE FUNCTION precinct_search_words_changed('report');
--> statement-breakpoint
CREATE TRIGGER search_words_update AFTER UPDATE ON reports FOR EACH ROW
WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.agency_id IS DISTINCT FROM NEW.agency_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION precinct_search_words_changed('report');
--> statement-breakpoint
CREATE TRIGGER search_words_delete AFTER DELETE ON reports FOR EACH ROW EXECUTE FUNCTION precinct_search_words_changed('report');
--> statement-breakpoint
CREATE TRIGGER search_words_truncate AFTER TRUNCATE ON reports FOR EACH STATEMENT EXECUTE FUNCTION precinct_search_words_changed('report');
--> statement-breakpoint
CREATE TRIGGER search_words_insert AFTER INSERT ON citations FOR EACH ROW EXECUTE FUNCTION precinct_search_words_changed('citation');
--> statement-breakpoint
CREATE TRIGGER search_words_update AFTER UPDATE ON citations FOR EACH ROW
WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.agency_id IS DISTINCT FROM NEW.agency_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION precinct_search_words_changed('citation');
--> statement-breakpoint
CREATE TRIGGER search_words_delete AFTER DELETE ON citations FOR EACH ROW EXECUTE FUNCTION precinct_search_words_changed('citation');
--> statement-breakpoint
CREATE TRIGGER search_words_truncate AFTER TRUNCATE ON citations FOR EACH STATEMENT EXECUTE FUNCTION precinct_search_words_changed('citation');
--> statement-breakpoint
-- Writes every row's words again, from reports.search_text and citations.search_text: the words of the
-- rows there are now, and an operator's remedy after rows were written with triggers disabled. Run by the
-- tables' owner: row-level security is forced on both and the owner has no policy of its own, so for the
-- copy it reads them as their owner (the tables are locked meanwhile; the change is undone with the
-- transaction if anything fails).
CREATE FUNCTION precinct_search_words_rebuild() RETURNS void
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp
AS $$
BEGIN
  ALTER TABLE reports NO FORCE ROW LEVEL SECURITY;
  ALTER TABLE citations NO FORCE ROW LEVEL SECURITY;
  DELETE FROM search_words WHERE kind IN ('report', 'citation');
  INSERT INTO search_words (agency_id, kind, id, words)
  SELECT agency_id, 'report', id, precinct_search_words(agency_id, 'report', search_text) FROM reports;
  INSERT INTO search_words (agency_id, kind, id, words)
  SELECT agency_id, 'citation', id, precinct_search_words(agency_id, 'citation', search_text) FROM citations;
  ALTER TABLE reports FORCE ROW LEVEL SECURITY;
  ALTER TABLE citations FORCE ROW LEVEL SECURITY;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_search_words_rebuild() FROM PUBLIC;
--> statement-breakpoint
SELECT precinct_search_words_rebuild();
--> statement-breakpoint
-- The index is made once the words are in (made before, it would hold them in its list of pending entries,
-- which every search reads whole until a vacuum sorts them in).
CREATE INDEX search_words_idx ON search_words USING gin (words);
