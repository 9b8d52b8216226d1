import { useMutation } from '@tanstack/react-query';
import type { BookOutcome } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';

export interface CallbackBooking {
  appointment_type: string;
  date: string;
  time: string;
  patient_info: { name: string; phone_number: string };
}

/** Books through the receptionist's bookAppointment (first available doctor); the task id is the reference. */
export const useBookFromCallback = () =>
  useMutation({
    mutationFn: ({ params, reference }: { params: CallbackBooking; reference: string }) =>
      apiRequest<BookOutcome>(
        'POST',
        '/webhook',
        {
          type: 'function-call',
          functionCall: {
            name: 'bookAppointment',
            parameters: { ...params, notes: 'Booked from a callback task.' },
          },
        },
        { 'Idempotency-Key': reference },
      ),
  });
