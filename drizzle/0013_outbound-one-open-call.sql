-- Issue 19: one open call per patient and type. Calls queued twice before this rule are closed first (the
-- call already placed, else the oldest, stays), so the index can be built on any existing data.
UPDATE "outbound_calls" SET "status" = 'failed', "last_error" = 'Not placed: the patient already had a call of this type queued.', "updated_at" = now()
WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (
			PARTITION BY "patient_id", "call_type"
			ORDER BY ("status" = 'calling') DESC, "created_at", "id"
		) AS "rank"
		FROM "outbound_calls" WHERE "status" IN ('pending', 'calling')
	) AS "open" WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_calls_one_open_idx" ON "outbound_calls" USING btree ("patient_id","call_type") WHERE "outbound_calls"."status" in ('pending', 'calling');
