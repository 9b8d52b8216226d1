import { z } from 'zod';
import { PERMISSION_FLAGS, ROLES } from '../permissions';

export const SIGN_IN_REQUIRED_MESSAGE = 'Please enter both email and password';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export const LoginInputSchema = z.object({
  email: z.string({ error: SIGN_IN_REQUIRED_MESSAGE }).trim().min(1, SIGN_IN_REQUIRED_MESSAGE).max(320),
  password: z.string({ error: SIGN_IN_REQUIRED_MESSAGE }).min(1, SIGN_IN_REQUIRED_MESSAGE).max(1024),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RoleSchema = z.enum(ROLES);
/** The roles inside a practice: what an admin may give (the operator is the vendor's, not a practice's). */
export const PracticeRoleSchema = z.enum(['admin', 'sub'], { error: 'Choose a role' });

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  role: RoleSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LoginResponseSchema = z.object({
  success: z.literal(true),
  user: SessionUserSchema,
  sessionId: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const LogoutResponseSchema = z.object({ success: z.literal(true) });

export const MeResponseSchema = z.object({ success: z.literal(true), user: SessionUserSchema });

export const PermissionsSchema = z.object(
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    (typeof PERMISSION_FLAGS)[number],
    z.ZodBoolean
  >,
);

export const UserPermissionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    role: RoleSchema,
    permissions: PermissionsSchema,
    assignedPhoneNumbers: z.array(z.string()),
    assignedConnectors: z.array(z.string()),
    assignedAssistants: z.array(z.string()),
  }),
});
export type UserPermissionsResponse = z.infer<typeof UserPermissionsResponseSchema>;
