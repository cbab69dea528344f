-- Citus distributes every tenant table by agency_id and refuses a unique index that lacks it (it
-- cannot check uniqueness across nodes). These indexes were unique on id alone; the primary key
-- (agency_id, id) already makes each row unique within its agency, serves every lookup (each query and
-- each row-level security policy names the agency) and is what every composite foreign key references,
-- so nothing depends on them. No CASCADE: were some constraint to depend on one, the migration fails
-- rather than silently dropping that constraint.
DROP INDEX "auth_factors_id_key";--> statement-breakpoint
DROP INDEX "roles_id_key";--> statement-breakpoint
DROP INDEX "service_requests_id_key";--> statement-breakpoint
DROP INDEX "sessions_id_key";--> statement-breakpoint
DROP INDEX "squad_check_submissions_id_key";--> statement-breakpoint
DROP INDEX "squad_check_templates_id_key";--> statement-breakpoint
DROP INDEX "users_id_key";--> statement-breakpoint
DROP INDEX "vehicles_id_key";