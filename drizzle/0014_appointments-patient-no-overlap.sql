-- One person, one place at a time: a patient never holds two overlapping live appointments (issue 19).
-- Overlaps made before this rule would stop the constraint: of two overlapping live appointments of one
-- patient the later-made one is cancelled, with a note saying why.
UPDATE "appointments" AS later
SET "status" = 'cancelled',
    "notes" = concat_ws(E'\n', nullif(later."notes", ''),
      'Cancelled when double bookings were ruled out: overlapped appointment ' || earlier."confirmation_number" || '.')
FROM "appointments" AS earlier
WHERE later."patient_id" = earlier."patient_id"
  AND later."id" <> earlier."id"
  AND later."status" <> 'cancelled'
  AND earlier."status" <> 'cancelled'
  AND tstzrange(later."starts_at", later."ends_at", '[)') && tstzrange(earlier."starts_at", earlier."ends_at", '[)')
  AND (earlier."created_at", earlier."id") < (later."created_at", later."id");
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_no_overlap"
  EXCLUDE USING gist ("patient_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" <> 'cancelled');
