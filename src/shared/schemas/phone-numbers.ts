import { z } from 'zod';

export const PhoneNumberSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  number: z.string().nullable(),
  assistantId: z.string().nullable(),
  cost: z.number(),
  createdAt: z.iso.datetime(),
});
export type PhoneNumber = z.infer<typeof PhoneNumberSchema>;

export const PhoneNumberListResponseSchema = z.object({ phoneNumbers: z.array(PhoneNumberSchema) });
export type PhoneNumberListResponse = z.infer<typeof PhoneNumberListResponseSchema>;
