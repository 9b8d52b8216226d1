-- Name-fragment search on calls (ADR 028): a trigram index on the folded customer name. pg_trgm is a trusted
-- extension shipped with PostgreSQL (embedded and Debian's postgresql-15 both have it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "calls_customer_name_trgm_idx" ON "calls" USING gin ("customer_name_folded" gin_trgm_ops);
--> statement-breakpoint
-- No read cache holds calls any more (ADR 028): ingest writes hundreds a second, nobody needs to hear of them.
DROP TRIGGER IF EXISTS calls_notify_change ON calls;
