CREATE TABLE "outcome_syncs" (
	"practice_id" uuid PRIMARY KEY NOT NULL,
	"synced_through" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"practice_id" uuid NOT NULL,
	"appointment_ref" text NOT NULL,
	"booked_at" timestamp with time zone,
	"source" text,
	"provider_call_id" text,
	"call_id" uuid,
	"assistant_id" uuid,
	"phone_number_id" uuid,
	"appointment_type" text,
	"new_patient" boolean,
	"starts_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"outcome" text,
	"late" boolean DEFAULT false NOT NULL,
	"outcome_origin" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "visits_practice_id_appointment_ref_pk" PRIMARY KEY("practice_id","appointment_ref"),
	CONSTRAINT "visits_source_check" CHECK ("visits"."source" in ('call', 'processor', 'callback', 'text', 'recall', 'outbound', 'staff')),
	CONSTRAINT "visits_outcome_check" CHECK ("visits"."outcome" in ('kept', 'no_show', 'cancelled')),
	CONSTRAINT "visits_origin_check" CHECK ("visits"."outcome_origin" in ('staff', 'change', 'practice_system'))
);
--> statement-breakpoint
CREATE TABLE "appointment_type_values" (
	"practice_id" uuid NOT NULL,
	"appointment_type" text NOT NULL,
	"value_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_type_values_practice_id_appointment_type_pk" PRIMARY KEY("practice_id","appointment_type"),
	CONSTRAINT "appointment_type_values_range" CHECK ("appointment_type_values"."value_cents" between 0 and 10000000)
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";--> statement-breakpoint
ALTER TABLE "user_permissions" ADD COLUMN "can_analytics" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_syncs" ADD CONSTRAINT "outcome_syncs_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_values" ADD CONSTRAINT "appointment_type_values_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_values" ADD CONSTRAINT "appointment_type_values_appointment_type_appointment_types_code_fk" FOREIGN KEY ("appointment_type") REFERENCES "public"."appointment_types"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_booked_idx" ON "visits" USING btree ("practice_id","booked_at");--> statement-breakpoint
CREATE INDEX "visits_call_idx" ON "visits" USING btree ("practice_id","provider_call_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('pending', 'confirmed', 'completed', 'cancelled', 'no_show'));