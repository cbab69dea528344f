ALTER TABLE "fto_binders" ADD COLUMN "advance_recommended_by" uuid;--> statement-breakpoint
ALTER TABLE "fto_binders" ADD COLUMN "advance_recommended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fto_binders" ADD COLUMN "advance_reason" text;--> statement-breakpoint
ALTER TABLE "fto_binders" ADD COLUMN "advance_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fto_binders" ADD COLUMN "advance_comment" text;--> statement-breakpoint
ALTER TABLE "fto_binders" ADD CONSTRAINT "fto_binders_agency_id_advance_recommended_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","advance_recommended_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;