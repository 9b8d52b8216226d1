DROP INDEX "calls_created_at_idx";--> statement-breakpoint
DROP INDEX "calls_phone_number_created_idx";--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "duration_seconds" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "customer_name_folded" text GENERATED ALWAYS AS (translate(lower(coalesce(customer_name, '')), 'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰÝŸŽŹŻ', 'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzzaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzz')) STORED;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "called_number" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_provider_id_idx" ON "calls" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "calls_created_idx" ON "calls" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_status_created_idx" ON "calls" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_customer_number_created_idx" ON "calls" USING btree ("customer_number","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_assistant_created_idx" ON "calls" USING btree ("assistant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_phone_number_created_idx" ON "calls" USING btree ("phone_number_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);