-- No two live appointments may overlap for one provider nor for one operatory, across every process.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_no_overlap"
  EXCLUDE USING gist ("provider_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" <> 'cancelled');
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_operatory_no_overlap"
  EXCLUDE USING gist ("operatory_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" <> 'cancelled' AND "operatory_id" IS NOT NULL);
--> statement-breakpoint
INSERT INTO "appointment_types" ("code", "label", "duration_minutes", "sort_order") VALUES
  ('dental_cleaning', 'Dental Cleaning', 60, 1),
  ('dental_checkup', 'Dental Checkup', 30, 2),
  ('dental_examination', 'Dental Examination', 30, 3),
  ('root_canal', 'Root Canal', 90, 4),
  ('filling', 'Filling', 60, 5),
  ('teeth_whitening', 'Teeth Whitening', 60, 6),
  ('orthodontic_consultation', 'Orthodontic Consultation', 30, 7),
  ('periodontal_treatment', 'Periodontal Treatment', 60, 8),
  ('oral_surgery', 'Oral Surgery', 90, 9),
  ('emergency_dental', 'Emergency Dental', 30, 10)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "practice_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
