import { z } from 'zod';
import { PracticeRoleSchema, PermissionsSchema } from './auth';
import { InvitationSchema } from './practices';
import { emailField, nameField, passwordField } from './users';

export { InvitationSchema, type Invitation } from './practices';

/** How long an invitation link works. */
export const INVITATION_HOURS = 72;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is not valid. Ask for a new one.',
  expired: 'This invitation has expired. Ask for a new one.',
  used: 'This invitation has already been used. Sign in instead.',
  emailTaken: 'A user with this email already exists.',
} as const;

/** POST /api/invitations (a practice admin, for their practice). */
export const CreateInvitationInputSchema = z.object({
  email: emailField,
  name: nameField,
  role: PracticeRoleSchema.default('sub'),
  permissions: PermissionsSchema.partial().optional(),
});
export type CreateInvitationInput = z.input<typeof CreateInvitationInputSchema>;

export const InvitationResponseSchema = z.object({ invitation: InvitationSchema });

/** POST /api/invitations/accept: the link's token and the new password. */
export const AcceptInvitationInputSchema = z.object({
  token: z.string({ error: INVITATION_MESSAGES.invalid }).min(1, INVITATION_MESSAGES.invalid).max(200),
  password: passwordField,
});
/** `email`: the new user's, so the invite page can sign them in. */
export const AcceptInvitationResponseSchema = z.object({ success: z.literal(true), email: z.string() });
