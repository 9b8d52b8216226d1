import type { BookOutcome, FindPatientResult } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';

/** The receptionist's functions through POST /webhook, in the console's envelope (part 2, section 7). */
const callFunction = <T>(name: string, parameters: object, headers: Record<string, string> = {}) =>
  apiRequest<T>('POST', '/webhook', { type: 'function-call', functionCall: { name, parameters } }, headers);

export const findPatient = (phoneNumber: string) =>
  callFunction<FindPatientResult>('findPatient', { phone_number: phoneNumber });

export interface BookingParams {
  appointment_type: string;
  date: string;
  time: string;
  notes?: string;
  provider_id?: string;
  provider_name?: string;
  patient_id?: string;
  patient_info: { name: string; phone_number: string; email?: string };
}

/** The reference is the Idempotency-Key: a resend books nothing twice and answers the first result. */
export const bookAppointment = (params: BookingParams, reference: string) =>
  callFunction<BookOutcome>('bookAppointment', params, { 'Idempotency-Key': reference });
