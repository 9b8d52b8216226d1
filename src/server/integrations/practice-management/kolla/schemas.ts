import { z } from 'zod';

/**
 * Kolla Unify Dental wire shapes. Parsing is lenient (missing or null fields become empty values) because
 * connectors fill payloads unevenly; see /work/shared/reference/kolla.md.
 */

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);
/** `additional_data` is documented as a string map; anything else is dropped. */
const stringMap = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) =>
    Object.fromEntries(
      Object.entries(v ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
    ),
  );

export const resourceRefSchema = z.object({
  name: text,
  remote_id: text,
  type: text,
  display_name: text,
});

export const resourceSchema = resourceRefSchema.extend({
  additional_data: stringMap,
  update_time: z.string().nullish(),
});

export const appointmentSchema = z.object({
  name: text,
  remote_id: text,
  contact_id: text,
  contact: z
    .object({ name: text, remote_id: text, given_name: text, family_name: text })
    .nullish()
    .transform((v) => v ?? { name: '', remote_id: '', given_name: '', family_name: '' }),
  start_time: text,
  end_time: text,
  wall_start_time: text,
  wall_end_time: text,
  time_zone: text,
  providers: list(resourceRefSchema),
  resources: list(resourceRefSchema),
  operatory: text,
  scheduler: resourceRefSchema.nullish().transform((v) => v ?? null),
  appointment_type_id: text,
  short_description: text,
  notes: text,
  location: text,
  confirmed: flag,
  cancelled: flag,
  completed: flag,
  broken: flag,
  additional_data: stringMap,
  create_time: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  update_time: text,
});

export const contactSchema = z.object({
  name: text,
  remote_id: text,
  type: text,
  given_name: text,
  family_name: text,
  preferred_name: text,
  middle_name: text,
  birth_date: text,
  notes: text,
  state: text,
  phone_numbers: list(z.object({ number: text, type: text })),
  email_addresses: list(z.object({ address: text, type: text })),
  primary_phone_number: text,
  primary_email_address: text,
  additional_data: stringMap,
});

export const scheduleSchema = z.object({
  schedule: list(
    z.object({
      resource: text,
      date: text,
      blocks: list(z.object({ start_time: text, end_time: text })),
      notes: list(z.unknown()),
    }),
  ),
});

/** google.rpc.Status */
export const errorBodySchema = z.object({
  code: z.number().optional(),
  message: z.string().optional(),
  details: z.array(z.unknown()).optional(),
});

export type KollaResourceRef = z.output<typeof resourceRefSchema>;
export type KollaResource = z.output<typeof resourceSchema>;
export type KollaAppointment = z.output<typeof appointmentSchema>;
export type KollaContact = z.output<typeof contactSchema>;
export type KollaSchedule = z.output<typeof scheduleSchema>;

export const appointmentPageSchema = z
  .object({ appointments: list(appointmentSchema), next_page_token: text })
  .transform(({ appointments, next_page_token }) => ({ items: appointments, next_page_token }));
export const contactPageSchema = z
  .object({ contacts: list(contactSchema), next_page_token: text })
  .transform(({ contacts, next_page_token }) => ({ items: contacts, next_page_token }));
export const resourcePageSchema = z
  .object({ resources: list(resourceSchema), next_page_token: text })
  .transform(({ resources, next_page_token }) => ({ items: resources, next_page_token }));
