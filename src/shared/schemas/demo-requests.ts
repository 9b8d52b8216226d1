import { z } from 'zod';
import { DEMO_MOBILE_MIN_LENGTH, SOLUTION_VALUES } from '../marketing';

export const SolutionSchema = z.enum(SOLUTION_VALUES, { error: 'Please select a solution' });

/** A demo, or a free trial (the pricing page's Start Free Trial button). */
export const DEMO_REQUEST_KINDS = ['demo', 'trial'] as const;
export const DemoRequestKindSchema = z.enum(DEMO_REQUEST_KINDS);
export type DemoRequestKind = z.infer<typeof DemoRequestKindSchema>;

/** Control characters (NUL above all, which PostgreSQL text cannot hold) are refused, never stored. */
const plain = (value: string) =>
  ![...value].some((ch) => {
    const code = ch.charCodeAt(0);
    return (code < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r') || code === 0x7f;
  });

export const DemoRequestInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name must be at most 120 characters')
    .refine(plain, 'Name contains characters that are not allowed'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .refine(plain, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  mobile: z
    .string({ error: 'Please enter a valid mobile number' })
    .trim()
    .min(DEMO_MOBILE_MIN_LENGTH, 'Please enter a valid mobile number')
    .max(32, 'Please enter a valid mobile number')
    .refine(plain, 'Please enter a valid mobile number'),
  solution: z
    .string({ error: 'Please select a solution' })
    .min(1, 'Please select a solution')
    .pipe(SolutionSchema),
  kind: DemoRequestKindSchema.default('demo'),
  // Honeypot: people never see this field, so any value means an automated submission (ADR 010).
  website: z.string().max(500).optional(),
  sourcePage: z.string().max(200).refine(plain, 'Not a page path').optional(),
});

export type DemoRequestInput = z.infer<typeof DemoRequestInputSchema>;

export const DemoRequestCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

export type DemoRequestCreated = z.infer<typeof DemoRequestCreatedSchema>;

/** A stored request as the admin console lists it. */
export const DemoRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  solution: SolutionSchema,
  kind: DemoRequestKindSchema,
  sourcePage: z.string().nullable(),
  createdAt: z.string(),
  contactedAt: z.string().nullable(),
  /** The practice the operator created from this request, once converted. */
  convertedPracticeId: z.string().nullable(),
});
export type DemoRequest = z.infer<typeof DemoRequestSchema>;

export const DemoRequestListResponseSchema = z.object({ demoRequests: z.array(DemoRequestSchema) });
export type DemoRequestListResponse = z.infer<typeof DemoRequestListResponseSchema>;

export const DemoRequestIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown demo request.' }) });

export const DemoRequestUpdateInputSchema = z.object({ contacted: z.boolean() });
export type DemoRequestUpdateInput = z.infer<typeof DemoRequestUpdateInputSchema>;

export const DemoRequestUpdateResponseSchema = z.object({ demoRequest: DemoRequestSchema });
