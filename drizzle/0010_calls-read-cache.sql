-- Call Logs reads are cached again (ADR 037): every committed write to calls is announced, as for the other
-- cached tables (migration 0006), so every server process drops the lists and calls it holds.
CREATE TRIGGER calls_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON calls
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
-- A name fragment newest first (ADR 037): the folded name rides in the keyset index, so a common fragment is an
-- index-only walk that stops after a page of matches; a rare one still takes the trigram index.
DROP INDEX IF EXISTS calls_created_idx;--> statement-breakpoint
CREATE INDEX calls_created_idx ON calls (created_at DESC NULLS FIRST, id DESC NULLS FIRST)
  INCLUDE (customer_name_folded);
