import { useMutation } from '@tanstack/react-query';
import type { BookOutcome } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';

export interface BookRequestParams {
  appointment_type: string;
  date: string;
  time: string;
  patient_info: { name: string; phone_number: string; email?: string };
}

/** Books the (corrected) request through the receptionist's bookAppointment, first available doctor. */
export const bookRequest = (params: BookRequestParams, reference: string) =>
  apiRequest<BookOutcome>(
    'POST',
    '/webhook',
    {
      type: 'function-call',
      functionCall: {
        name: 'bookAppointment',
        parameters: { ...params, notes: 'Booked from a transcript in the Appointment Processor.' },
      },
    },
    { 'Idempotency-Key': reference },
  );

export const useBookRequest = () =>
  useMutation({
    mutationFn: ({ params, reference }: { params: BookRequestParams; reference: string }) =>
      bookRequest(params, reference),
  });
