import { format, parse } from 'date-fns';
import { APPOINTMENT_TYPES, type AppointmentType } from '#shared/schemas/schedule';
import { ApiError } from '../../../lib/api-client';

/** 'dental_cleaning' → 'Dental Cleaning'. */
export const typeLabel = (type: string): string =>
  type
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export const APPOINTMENT_TYPE_OPTIONS: { value: AppointmentType; label: string }[] = APPOINTMENT_TYPES.map(
  (value) => ({ value, label: typeLabel(value) }),
);

/** Part 2, section 9: shown only when the slots request fails (ADR 020). */
export const FALLBACK_SLOTS = [
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
  '17:00',
];

/** '14:30' → '2:30 PM'. */
export const timeLabel = (hm: string): string => format(parse(hm, 'HH:mm', new Date(2000, 0, 1)), 'h:mm a');

export const todayIso = (): string => format(new Date(), 'yyyy-MM-dd');

const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A booking's reference, also its Idempotency-Key: random, short enough to read out. */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `WEB-${Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

/** The server's own text of a refused request, without the client's '{status}: ' prefix. */
export const serverText = (error: ApiError): string => error.text;

/** No answer at all (offline, DNS, connection reset): the request may or may not have arrived. */
export const isTransportError = (error: unknown): boolean => !(error instanceof ApiError);
