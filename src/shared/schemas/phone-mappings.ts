import { z } from 'zod';

/** Which practice-management connector (its connectorId) answers the voice webhook for a number. */
export const PHONE_MAPPING_MESSAGES = {
  updated: 'Connector mapping updated successfully',
  removed: 'Connector mapping removed successfully',
  updateFailed: 'Failed to update phone mapping',
  createFailed: 'Failed to create phone mapping',
  deleteFailed: 'Failed to delete phone mapping',
  unknownNumber: 'This phone number is not one of ours',
  unknownConnector: 'Connector not found',
  exists: 'This phone number already has a connector mapping',
  notFound: 'No connector mapping for this phone number',
  invalidNumber: 'Enter a valid phone number',
} as const;

const M = PHONE_MAPPING_MESSAGES;

/** Any written form of a number; the server turns it into E.164 and checks it is one of ours. */
const phoneNumberField = z
  .string({ error: M.invalidNumber })
  .trim()
  .min(3, M.invalidNumber)
  .max(40, M.invalidNumber);
const connectorIdField = z
  .string({ error: M.unknownConnector })
  .trim()
  .min(1, M.unknownConnector)
  .max(200, M.unknownConnector);
const nameField = z.string().trim().max(200).default('');

export const PhoneMappingSchema = z.object({
  /** E.164 */
  phoneNumber: z.string(),
  connectorId: z.string(),
  name: z.string(),
});
export type PhoneMapping = z.infer<typeof PhoneMappingSchema>;

export const PhoneMappingListResponseSchema = z.object({ mappings: z.array(PhoneMappingSchema) });
export type PhoneMappingListResponse = z.infer<typeof PhoneMappingListResponseSchema>;

export const PhoneMappingResponseSchema = z.object({ success: z.literal(true), mapping: PhoneMappingSchema });
export type PhoneMappingResponse = z.infer<typeof PhoneMappingResponseSchema>;

/** POST /api/phone-mappings, when the number has no mapping yet. */
export const CreatePhoneMappingInputSchema = z.object({
  phoneNumber: phoneNumberField,
  connectorId: connectorIdField,
  name: nameField,
});
export type CreatePhoneMappingInput = z.input<typeof CreatePhoneMappingInputSchema>;

/** PUT /api/phone-mappings/{phoneNumber} (URL-encoded), when a mapping exists. */
export const UpdatePhoneMappingInputSchema = z.object({ connectorId: connectorIdField, name: nameField });
export type UpdatePhoneMappingInput = z.input<typeof UpdatePhoneMappingInputSchema>;

export const PhoneMappingParamsSchema = z.object({ phoneNumber: phoneNumberField });
