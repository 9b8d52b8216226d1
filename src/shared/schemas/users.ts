import { z } from 'zod';
import { PERMISSION_FLAGS, type PermissionFlag } from '../permissions';
import {
  isCommonPassword,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordMatchesAccount,
} from '../password-policy';
import { PermissionsSchema, PracticeRoleSchema, RoleSchema } from './auth';

export const USER_MESSAGES = {
  nameRequired: 'Name is required',
  invalidEmail: 'Invalid email address',
  usernameTooShort: 'Username must be at least 3 characters',
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  passwordCommon: PASSWORD_MESSAGES.common,
  passwordSameAsAccount: PASSWORD_MESSAGES.sameAsAccount,
  emailInUse: 'Email already in use',
  usernameInUse: 'Username already in use',
  notFound: 'User not found',
  unknownPhoneNumber: 'Unknown phone number',
  unknownConnector: 'Unknown linked account',
  unknownAssistant: 'Unknown assistant',
  deleteSelf: 'You cannot delete your own account.',
  deactivateSelf: 'You cannot deactivate your own account.',
  demoteSelf: 'You cannot remove your own admin role.',
  lastAdmin: 'There must always be at least one active admin.',
} as const;

export const nameField = z
  .string({ error: USER_MESSAGES.nameRequired })
  .trim()
  .min(1, USER_MESSAGES.nameRequired)
  .max(200);
export const emailField = z
  .string({ error: USER_MESSAGES.invalidEmail })
  .trim()
  .max(320)
  .pipe(z.email({ error: USER_MESSAGES.invalidEmail }));
const usernameField = z
  .string({ error: USER_MESSAGES.usernameTooShort })
  .trim()
  .min(3, USER_MESSAGES.usernameTooShort)
  .max(100);
/** A new password: long enough and not a common one (ADR 047); `notTheAccount` adds: not the e-mail. */
export const passwordField = z
  .string({ error: USER_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordTooShort)
  .max(1024)
  .refine((password) => !isCommonPassword(password), USER_MESSAGES.passwordCommon);

const notTheAccount = (
  user: { email: string; username: string; password?: string },
  ctx: z.RefinementCtx,
) => {
  if (user.password && passwordMatchesAccount(user.password, user))
    ctx.addIssue({ code: 'custom', message: USER_MESSAGES.passwordSameAsAccount, path: ['password'] });
};

/** Each flag defaults to false when the form leaves it out. */
export const PermissionsInputSchema = z.object(
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, z.boolean().default(false)])) as Record<
    PermissionFlag,
    z.ZodDefault<z.ZodBoolean>
  >,
);

const idList = z.array(z.string().max(100)).max(500).default([]);

const assignments = {
  permissions: PermissionsInputSchema.default(
    Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false])) as Record<PermissionFlag, boolean>,
  ),
  phoneNumberIds: idList,
  /** connectors.id values (see docs/decisions/004-user-connector-assignments.md). */
  connectorIds: idList,
  assistantIds: idList,
};

/** POST /api/users/atomic and the Create User dialog. */
export const CreateUserInputSchema = z.object({
  user: z
    .object({
      name: nameField,
      email: emailField,
      username: usernameField,
      password: passwordField,
      role: PracticeRoleSchema.default('sub'),
      isActive: z.boolean().default(true),
    })
    .superRefine(notTheAccount),
  ...assignments,
});
export type CreateUserInput = z.input<typeof CreateUserInputSchema>;

/** PUT /api/users/{id}/atomic and the Edit User dialog: a blank or absent password keeps the current one. */
export const UpdateUserInputSchema = z.object({
  user: z
    .object({
      name: nameField,
      email: emailField,
      username: usernameField,
      password: z.union([z.literal(''), passwordField]).optional(),
      role: PracticeRoleSchema.default('sub'),
      isActive: z.boolean().default(true),
    })
    .superRefine(notTheAccount),
  ...assignments,
});
export type UpdateUserInput = z.input<typeof UpdateUserInputSchema>;

export const ManagedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  role: RoleSchema,
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

export const UserIdParamsSchema = z.object({ id: z.uuid({ error: USER_MESSAGES.notFound }) });

export const UserListResponseSchema = z.object({ users: z.array(ManagedUserSchema) });
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

export const UserResponseSchema = z.object({ success: z.literal(true), user: ManagedUserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const UserPermissionsDetailResponseSchema = z.object({ permissions: PermissionsSchema });
export type UserPermissionsDetailResponse = z.infer<typeof UserPermissionsDetailResponseSchema>;

export const UserPhoneNumbersResponseSchema = z.object({
  phoneNumbers: z.array(
    z.object({
      phoneNumberMappingId: z.string(),
      id: z.string(),
      phoneNumber: z.string().nullable(),
      name: z.string().nullable(),
    }),
  ),
});
export type UserPhoneNumbersResponse = z.infer<typeof UserPhoneNumbersResponseSchema>;

export const UserLinkedAccountsResponseSchema = z.object({
  linkedAccounts: z.array(z.object({ id: z.string(), connectorId: z.string(), name: z.string() })),
});
export type UserLinkedAccountsResponse = z.infer<typeof UserLinkedAccountsResponseSchema>;

export const UserAssistantsResponseSchema = z.object({
  assistants: z.array(z.object({ assistantId: z.string(), name: z.string() })),
});
export type UserAssistantsResponse = z.infer<typeof UserAssistantsResponseSchema>;
