-- ADR 039: the platform's call ids are UUIDs, so any letter case is the same call; the ingest now lowers
-- them, and a stored mixed-case id must still match. Only one row per id is lowered (if two rows differ only
-- in case, the other keeps its id rather than clash).
WITH lowered AS (
  SELECT DISTINCT ON (lower(provider_id)) id FROM calls c
  WHERE provider_id <> lower(provider_id)
    AND NOT EXISTS (SELECT 1 FROM calls d WHERE d.provider_id = lower(c.provider_id))
  ORDER BY lower(provider_id), created_at, id
)
UPDATE calls SET provider_id = lower(provider_id) FROM lowered WHERE calls.id = lowered.id;
--> statement-breakpoint
-- Durations and costs outside the plausible bounds (NaN and infinities included) were never true: they become
-- unknown before migration 0012 forbids them, so the stats' sums cannot overflow.
UPDATE calls SET duration_seconds = NULL WHERE NOT (duration_seconds >= 0 AND duration_seconds <= 86400);
--> statement-breakpoint
UPDATE calls SET cost = NULL WHERE NOT (cost >= 0 AND cost <= 1000);
