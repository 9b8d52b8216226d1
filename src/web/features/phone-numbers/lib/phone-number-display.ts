import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { PhoneMapping } from '#shared/schemas/phone-mappings';
import { PHONE_NUMBER_MESSAGES, type PhoneNumber } from '#shared/schemas/phone-numbers';

/** Stored E.164, shown in the national format of its country ('+15551234567' -> '(555) 123-4567'). */
export function formatNational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

/** Spec section 2: the name, else the number, else 'Untitled Phone Number'. */
export function phoneNumberTitle(phoneNumber: Pick<PhoneNumber, 'name' | 'number'>): string {
  if (phoneNumber.name) return phoneNumber.name;
  if (phoneNumber.number) return formatNational(phoneNumber.number);
  return PHONE_NUMBER_MESSAGES.untitled;
}

/** Dollars per month. */
export const formatMonthlyCost = (cost: number) => `$${cost.toFixed(2)}/month`;

export type MappingStep =
  | { kind: 'none' }
  | { kind: 'create'; input: { phoneNumber: string; connectorId: string; name: string } }
  | { kind: 'replace'; phoneNumber: string; input: { connectorId: string; name: string } }
  | { kind: 'remove'; phoneNumber: string };

/**
 * Spec section 4, mapping on save: no mapping yet -> create; one exists -> replace; connector cleared ->
 * remove. Nothing to send when the mapping already says the same, or when the number is still provisioning.
 */
export function planMapping({
  number,
  connectorId,
  name,
  existing,
}: {
  number: string | null;
  connectorId: string;
  name: string;
  existing: PhoneMapping | undefined;
}): MappingStep {
  if (!number) return { kind: 'none' };
  if (!connectorId) return existing ? { kind: 'remove', phoneNumber: number } : { kind: 'none' };
  if (!existing) return { kind: 'create', input: { phoneNumber: number, connectorId, name } };
  if (existing.connectorId === connectorId && existing.name === name) return { kind: 'none' };
  return { kind: 'replace', phoneNumber: number, input: { connectorId, name } };
}
