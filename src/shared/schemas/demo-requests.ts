import { z } from 'zod';
import { DEMO_MOBILE_MIN_LENGTH, SOLUTION_VALUES } from '../marketing';

export const SolutionSchema = z.enum(SOLUTION_VALUES, { error: 'Please select a solution' });

export const DemoRequestInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name must be at most 120 characters'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  mobile: z
    .string({ error: 'Please enter a valid mobile number' })
    .trim()
    .min(DEMO_MOBILE_MIN_LENGTH, 'Please enter a valid mobile number')
    .max(32, 'Please enter a valid mobile number'),
  solution: z
    .string({ error: 'Please select a solution' })
    .min(1, 'Please select a solution')
    .pipe(SolutionSchema),
  // Honeypot: people never see this field, so any value means an automated submission.
  website: z.string().max(0).optional(),
  sourcePage: z.string().max(200).optional(),
});

export type DemoRequestInput = z.infer<typeof DemoRequestInputSchema>;

export const DemoRequestCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

export type DemoRequestCreated = z.infer<typeof DemoRequestCreatedSchema>;
