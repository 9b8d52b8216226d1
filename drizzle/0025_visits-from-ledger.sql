-- Issue 25 (ADR 057): the visits the product already touched before `visits` existed, from the appointment
-- ledger (ADR 055): where each booking came from (a call's source refined by the outbound call behind it, and
-- the call's assistant and number), its latest start, its first confirmation, and a cancellation's outcome. The
-- type booked and whether the patient was new were not recorded then: they stay null.
INSERT INTO "visits" ("practice_id", "appointment_ref", "booked_at", "source", "provider_call_id", "call_id",
                      "assistant_id", "phone_number_id", "starts_at")
SELECT ch."practice_id", ch."appointment_ref", ch."at",
       CASE
         WHEN ch."channel" = 'call' AND oc."call_type" = 'recall' THEN 'recall'
         WHEN ch."channel" = 'call' AND oc."id" IS NOT NULL THEN 'outbound'
         ELSE ch."channel"
       END,
       ch."provider_call_id", c."id", c."assistant_id", c."phone_number_id", ch."to_start"
FROM "appointment_changes" ch
LEFT JOIN "outbound_calls" oc ON oc."practice_id" = ch."practice_id" AND oc."vapi_call_id" = ch."provider_call_id"
LEFT JOIN "calls" c ON c."practice_id" = ch."practice_id" AND c."provider_id" = ch."provider_call_id"
WHERE ch."change" = 'created'
ON CONFLICT ("practice_id", "appointment_ref") DO NOTHING;
--> statement-breakpoint
-- Visits the product only changed (confirmed, moved, cancelled) without booking them.
INSERT INTO "visits" ("practice_id", "appointment_ref")
SELECT DISTINCT "practice_id", "appointment_ref" FROM "appointment_changes"
ON CONFLICT ("practice_id", "appointment_ref") DO NOTHING;
--> statement-breakpoint
UPDATE "visits" v SET
  "starts_at" = coalesce((SELECT s."to_start" FROM "appointment_changes" s
                          WHERE s."practice_id" = v."practice_id" AND s."appointment_ref" = v."appointment_ref"
                            AND s."to_start" IS NOT NULL
                          ORDER BY s."at" DESC LIMIT 1), v."starts_at"),
  "confirmed_at" = (SELECT min(s."at") FROM "appointment_changes" s
                    WHERE s."practice_id" = v."practice_id" AND s."appointment_ref" = v."appointment_ref"
                      AND s."change" = 'confirmed');
--> statement-breakpoint
UPDATE "visits" v SET "outcome" = 'cancelled', "late" = s."late", "outcome_origin" = 'change', "decided_at" = s."at"
FROM "appointment_changes" s
WHERE s."practice_id" = v."practice_id" AND s."appointment_ref" = v."appointment_ref" AND s."change" = 'cancelled';
