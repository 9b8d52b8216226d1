import { z } from 'zod';

export const PHONE_NUMBER_MESSAGES = {
  updated: 'Phone number updated successfully',
  deleted: 'Phone number deleted successfully',
  updateFailed: 'Failed to update phone number',
  deleteFailed: 'Failed to delete phone number',
  untitled: 'Untitled Phone Number',
  provisioning: 'Provisioning...',
  readOnlyNumber: 'Phone number cannot be changed',
  nonAdminTitle: 'Configure Your Phone Number',
  emptyTitle: 'No assigned phone numbers',
  emptyDetail: "You don't have any phone numbers assigned to you yet",
  nameTooLong: 'Name must be at most 40 characters',
  notFound: 'Phone number not found',
  unknownAssistant: 'Unknown assistant',
  nothingToChange: 'Nothing to change: send a name or an assistantId.',
  deleteNotAllowed: 'You can delete a phone number only when at least one number is assigned to you.',
} as const;

const M = PHONE_NUMBER_MESSAGES;

export const PhoneNumberSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** E.164; null while the voice platform is still provisioning it. */
  number: z.string().nullable(),
  assistantId: z.string().nullable(),
  /** Dollars per month. */
  cost: z.number(),
  createdAt: z.iso.datetime(),
});
export type PhoneNumber = z.infer<typeof PhoneNumberSchema>;

/**
 * The list also names each number's assistant, so a sub user whose number is answered by an assistant they
 * may not list still reads which one answers it.
 */
export const PhoneNumberListItemSchema = PhoneNumberSchema.extend({ assistantName: z.string().nullable() });
export type PhoneNumberListItem = z.infer<typeof PhoneNumberListItemSchema>;

export const PhoneNumberListResponseSchema = z.object({ phoneNumbers: z.array(PhoneNumberListItemSchema) });
export type PhoneNumberListResponse = z.infer<typeof PhoneNumberListResponseSchema>;

export const PhoneNumberResponseSchema = z.object({
  success: z.literal(true),
  phoneNumber: PhoneNumberSchema,
});
export type PhoneNumberResponse = z.infer<typeof PhoneNumberResponseSchema>;

/** PATCH /api/phone-numbers/{id}: an empty name clears it; assistantId null unassigns. */
export const UpdatePhoneNumberInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(40, M.nameTooLong)
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
    assistantId: z.uuid({ error: M.unknownAssistant }).nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.assistantId !== undefined, { message: M.nothingToChange });
export type UpdatePhoneNumberInput = z.input<typeof UpdatePhoneNumberInputSchema>;

export const PhoneNumberIdParamsSchema = z.object({ id: z.uuid({ error: M.notFound }) });
