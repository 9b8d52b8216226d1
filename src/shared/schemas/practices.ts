import { z } from 'zod';
import { SOLUTION_VALUES } from '../marketing';

/** The spec's four practice types: the public site's solutions. */
export const PRACTICE_TYPES = SOLUTION_VALUES;
export type PracticeType = (typeof PRACTICE_TYPES)[number];
export const PRACTICE_STATUSES = ['active', 'suspended'] as const;
export type PracticeStatus = (typeof PRACTICE_STATUSES)[number];

export const PracticeSchema = z.object({
  id: z.string(),
  name: z.string(),
  practiceType: z.enum(PRACTICE_TYPES),
  timeZone: z.string(),
  status: z.enum(PRACTICE_STATUSES),
  createdAt: z.string(),
});
export type Practice = z.infer<typeof PracticeSchema>;

/** GET /api/practices (operator). */
export const PracticeListResponseSchema = z.object({ practices: z.array(PracticeSchema) });
export type PracticeListResponse = z.infer<typeof PracticeListResponseSchema>;

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

const adminEmailField = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(320)
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** POST /api/practices (operator): a practice and the invitation of its first admin. */
export const CreatePracticeInputSchema = z.object({
  name: z
    .string({ error: 'Practice name is required' })
    .trim()
    .min(1, 'Practice name is required')
    .max(120, 'Practice name must be at most 120 characters'),
  practiceType: z.enum(PRACTICE_TYPES, { error: 'Choose a practice type' }),
  timeZone: z
    .string({ error: 'Choose a time zone' })
    .refine((zone) => TIME_ZONES.has(zone) || zone === 'UTC', 'Choose a time zone'),
  adminEmail: adminEmailField,
  /** The demo request this practice comes from (prefills the form; marked as converted). */
  demoRequestId: z.uuid({ error: 'Demo request not found' }).optional(),
});
export type CreatePracticeInput = z.infer<typeof CreatePracticeInputSchema>;

export const PracticeIdParamsSchema = z.object({ id: z.uuid({ error: 'Practice not found' }) });

/** PATCH /api/practices/{id} (operator): suspend or reactivate. */
export const UpdatePracticeInputSchema = z.object({
  status: z.enum(PRACTICE_STATUSES, { error: 'Status must be active or suspended' }),
});

/**
 * POST /api/practices/{id}/invitations (operator): invites an admin of the practice, for when the first
 * admin's link expired or its mail could not be sent.
 */
export const InvitePracticeAdminInputSchema = z.object({ adminEmail: adminEmailField });
export type InvitePracticeAdminInput = z.infer<typeof InvitePracticeAdminInputSchema>;

export const InvitationSchema = z.object({ id: z.string(), email: z.string(), expiresAt: z.string() });
export type Invitation = z.infer<typeof InvitationSchema>;

export const CreatePracticeResponseSchema = z.object({
  practice: PracticeSchema,
  invitation: InvitationSchema,
});
export const PracticeResponseSchema = z.object({ practice: PracticeSchema });
export const PracticeInvitationResponseSchema = z.object({ invitation: InvitationSchema });
