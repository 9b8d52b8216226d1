-- ADR 035 (amended): a task from a text names our number the patient texted, so a sub user assigned that number
-- sees it. Tasks opened before this column: the number of their conversation (what Messages scopes the thread
-- by), only where that is certainly the number the task's text came in on: the number is still the practice's,
-- and every text the patient sent in that thread went to it. A thread the patient texted on two of our numbers
-- is ambiguous (the conversation keeps only the latest): its tasks stay null, seen by admins only, as before.
UPDATE "callbacks" t
SET "phone_number_id" = c."phone_number_id"
FROM "conversations" c
JOIN "phone_numbers" p ON p."id" = c."phone_number_id" AND p."practice_id" = c."practice_id"
WHERE t."conversation_id" = c."id"
  AND t."practice_id" = c."practice_id"
  AND t."call_id" IS NULL
  AND t."phone_number_id" IS NULL
  AND EXISTS (SELECT 1 FROM "messages" m
              WHERE m."practice_id" = c."practice_id" AND m."conversation_id" = c."id"
                AND m."direction" = 'inbound' AND m."to_number" = p."number")
  AND NOT EXISTS (SELECT 1 FROM "messages" m
                  WHERE m."practice_id" = c."practice_id" AND m."conversation_id" = c."id"
                    AND m."direction" = 'inbound' AND m."to_number" IS DISTINCT FROM p."number");
