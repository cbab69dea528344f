-- A program version carries the program's name as of that version, so a binder's list and page read
-- its version alone (immutable, by primary key) and never the programs table.
ALTER TABLE "fto_program_versions" ADD COLUMN "name" text;--> statement-breakpoint
UPDATE "fto_program_versions" v SET "name" = p."name" FROM "fto_programs" p WHERE p."agency_id" = v."agency_id" AND p."id" = v."program_id";--> statement-breakpoint
ALTER TABLE "fto_program_versions" ALTER COLUMN "name" SET NOT NULL;
