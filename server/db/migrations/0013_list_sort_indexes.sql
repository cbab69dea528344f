CREATE INDEX "users_name_idx" ON "users" USING btree ("agency_id","name","id");--> statement-breakpoint
CREATE INDEX "users_badge_idx" ON "users" USING btree ("agency_id","badge_number","id");--> statement-breakpoint
CREATE INDEX "users_rank_idx" ON "users" USING btree ("agency_id","rank","id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("agency_id","status","name");--> statement-breakpoint
CREATE INDEX "users_last_sign_in_idx" ON "users" USING btree ("agency_id","last_sign_in_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_unit_sort_idx" ON "vehicles" USING btree ("agency_id","unit_number","id");--> statement-breakpoint
CREATE INDEX "vehicles_type_idx" ON "vehicles" USING btree ("agency_id","vehicle_type","unit_number");--> statement-breakpoint
CREATE INDEX "vehicles_odometer_idx" ON "vehicles" USING btree ("agency_id","odometer","id");--> statement-breakpoint
CREATE INDEX "vehicles_year_idx" ON "vehicles" USING btree ("agency_id","year","id");--> statement-breakpoint
CREATE INDEX "vehicles_make_idx" ON "vehicles" USING btree ("agency_id","make","id");