import { z } from 'zod';
import { isStorableInstant } from '../storable-instant';
import { RoleSchema } from './auth';

export const AUDIT_OUTCOMES = ['allowed', 'denied', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** The actions the log records; a denied request carries the policy action or route it was refused. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.session_expired',
  'user.create',
  'user.update',
  'user.delete',
  'invitation.create',
  'invitation.accept',
  'connector.create',
  'connector.update',
  'connector.delete',
  'connector.toggle',
  'assistant.create',
  'assistant.update',
  'assistant.delete',
  'workflow.create',
  'workflow.delete',
  'phone_number.update',
  'phone_number.delete',
  'phone_mapping.create',
  'phone_mapping.update',
  'phone_mapping.delete',
  'outbound_call.start',
  'recall.call',
  'recall.text',
  'outbound_settings.update',
  'call_transfer.update',
  'messaging_settings.update',
  'message.send',
  'message.intent',
  'voice_platform.import',
  'call.simulate',
  'call.process',
  'call.process_pending',
  'callback.create',
  'callback.update',
  'callback.book',
  'appointment.settle',
  'analytics_values.update',
  'patient_data.read',
  'practice.create',
  'practice.update',
  'demo_request.update',
  'access.denied',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: RoleSchema.nullable(),
  action: z.string(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  route: z.string().nullable(),
  detail: z.string().nullable(),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AUDIT_PAGE_SIZE = 50;

const FilterInstantSchema = z.iso
  .datetime({ offset: true })
  .refine((value) => isStorableInstant(new Date(value)), 'must be a time between the years 1 and 9999');

/** Filters shared by the list and the CSV export; `from`/`to` are ISO instants, `to` exclusive. */
export const AuditFilterSchema = z.object({
  userId: z.uuid().optional(),
  action: z.string().max(100).optional(),
  from: FilterInstantSchema.optional(),
  to: FilterInstantSchema.optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditListQuerySchema = AuditFilterSchema.extend({
  /** Opaque keyset cursor from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
});
export type AuditListQuery = z.input<typeof AuditListQuerySchema>;

export const AuditListResponseSchema = z.object({
  events: z.array(AuditEventSchema),
  nextCursor: z.string().nullable(),
  /** The practice's IANA time zone: the screen shows each time in it, wherever staff sit. */
  timeZone: z.string(),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;
