CREATE TABLE "appointment_outcomes" (
	"practice_id" uuid NOT NULL,
	"appointment_ref" text NOT NULL,
	"outcome" text NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"origin" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointment_outcomes_practice_id_appointment_ref_pk" PRIMARY KEY("practice_id","appointment_ref"),
	CONSTRAINT "appointment_outcomes_outcome_check" CHECK ("appointment_outcomes"."outcome" in ('kept', 'no_show', 'cancelled')),
	CONSTRAINT "appointment_outcomes_origin_check" CHECK ("appointment_outcomes"."origin" in ('staff', 'change', 'practice_system'))
);
--> statement-breakpoint
CREATE TABLE "outcome_syncs" (
	"practice_id" uuid PRIMARY KEY NOT NULL,
	"synced_through" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text
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
ALTER TABLE "appointment_changes" ADD COLUMN "appointment_type" text;--> statement-breakpoint
ALTER TABLE "appointment_changes" ADD COLUMN "new_patient" boolean;--> statement-breakpoint
ALTER TABLE "appointment_outcomes" ADD CONSTRAINT "appointment_outcomes_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_syncs" ADD CONSTRAINT "outcome_syncs_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_values" ADD CONSTRAINT "appointment_type_values_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_values" ADD CONSTRAINT "appointment_type_values_appointment_type_appointment_types_code_fk" FOREIGN KEY ("appointment_type") REFERENCES "public"."appointment_types"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('pending', 'confirmed', 'completed', 'cancelled', 'no_show'));