-- Name fragments (ADR 060): with the default statistics target (100) a fragment in 1 call in 50 could be taken for a
-- rare one and served by the trigram index, reading every match from the heap (0.6-1.5 s at 1,000,000 calls); a
-- larger sample of the folded names keeps such fragments on the keyset walk. Takes effect at the next ANALYZE.
ALTER TABLE "calls" ALTER COLUMN "customer_name_folded" SET STATISTICS 1000;
