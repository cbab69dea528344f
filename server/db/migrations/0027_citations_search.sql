ALTER TABLE "citations" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;--> statement-breakpoint
CREATE INDEX "citations_search_idx" ON "citations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "citations_statutes_idx" ON "citations" USING gin ("statute_ids");