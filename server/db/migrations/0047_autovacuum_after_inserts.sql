-- The lists count and page their rows through indexes, and an index-only scan reads the table's own
-- page for any row on a page the visibility map does not yet mark all-visible: only a vacuum marks it.
-- By default autovacuum visits a table after inserts of 20 % of its size, so on a table of 200,000
-- squad checks every new one was fetched from the table again for 40,000 inserts, and those are the
-- newest rows, the ones a month's list counts: on the bench dataset the month's count read 294 pages
-- and took 1.2 ms where, after a vacuum, it read 12 and took 0.2 ms (docs/decisions/013). These tables
-- grow by inserts and are read newest first; autovacuum now visits each after inserts of 1 % of it
-- (and the 1,000 rows of the default threshold). A vacuum of a table that only grew reads only its new pages.
ALTER TABLE squad_check_submissions SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE vehicle_events SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE fuel_entries SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE service_request_events SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE reports SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE citations SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE fto_dors SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE schedule_shifts SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE productivity_tasks SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE audit_log SET (autovacuum_vacuum_insert_scale_factor = 0.01);
