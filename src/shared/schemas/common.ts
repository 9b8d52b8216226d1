import { z } from 'zod';

/** The answer of a write whose result the client does not need. */
export const SuccessResponseSchema = z.object({ success: z.literal(true) });
