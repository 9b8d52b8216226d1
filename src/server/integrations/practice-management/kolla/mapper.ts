import type { CountryCode } from 'libphonenumber-js';
import type {
  Appointment,
  AppointmentResource,
  NewPatient,
  Operatory,
  Patient,
  Provider,
  ResourceType,
} from '../port';
import { splitE164, toE164 } from '../../../lib/phone';
import { collapseSpaces } from '../../../lib/text';
import { instantFromWall, normalizeWall, wallFromInstant } from '../../../lib/wall-time';
import type { KollaAppointment, KollaContact, KollaResource, KollaResourceRef } from './schemas';

/** Kolla's dental connectors are US practice systems; numbers are stored without a country code. */
export const DEFAULT_COUNTRY: CountryCode = 'US';

/** `appointments/25` → `25`, `resources/provider_1` → `provider_1`; the remote id when there is no name. */
export function bareId(name: string, remoteId = ''): string {
  const slash = name.indexOf('/');
  return slash >= 0 ? name.slice(slash + 1) : name || remoteId;
}

export const resourceName = (id: string): string => `resources/${id}`;
export const contactName = (id: string): string => `contacts/${id}`;

/** `/resources` says `PROVIDER`, appointments embed `provider`. */
export function resourceType(type: string): ResourceType | undefined {
  const upper = type.trim().toUpperCase();
  return upper === 'PROVIDER' || upper === 'OPERATORY' ? upper : undefined;
}

export function toProvider(r: KollaResource): Provider {
  const hygienist = r.additional_data['hygienist']?.toLowerCase();
  const kind = hygienist === 'true' ? 'hygienist' : hygienist === 'false' ? 'dentist' : undefined;
  return {
    remoteId: bareId(r.name, r.remote_id),
    name: collapseSpaces(r.display_name),
    displayName: r.display_name,
    ...(kind && { kind }),
  };
}

export function toOperatory(r: KollaResource): Operatory {
  return {
    remoteId: bareId(r.name, r.remote_id),
    name: collapseSpaces(r.display_name),
    displayName: r.display_name,
  };
}

const fullName = (given: string, family: string): string => collapseSpaces(`${given} ${family}`);

export function toPatient(c: KollaContact, country: CountryCode = DEFAULT_COUNTRY): Patient {
  const givenName = collapseSpaces(c.given_name || c.preferred_name);
  const familyName = collapseSpaces(c.family_name);
  const rawPhone = c.primary_phone_number || c.phone_numbers.find((p) => p.number)?.number || '';
  const phone = toE164(rawPhone, country);
  const email = c.primary_email_address || c.email_addresses.find((e) => e.address)?.address;
  const preferredName = collapseSpaces(c.preferred_name);
  return {
    remoteId: bareId(c.name, c.remote_id),
    givenName,
    familyName,
    ...(preferredName && preferredName !== givenName && { preferredName }),
    name: fullName(givenName, familyName),
    ...(phone && { phone }),
    ...(email && { email }),
  };
}

/** Every number on the contact, as E.164. */
export function contactPhones(c: KollaContact, country: CountryCode = DEFAULT_COUNTRY): string[] {
  return [c.primary_phone_number, ...c.phone_numbers.map((p) => p.number)]
    .map((raw) => raw && toE164(raw, country))
    .filter((p): p is string => !!p);
}

export interface AppointmentContext {
  /** Practice zone, used only when the vendor gives one form of a time and not the other. */
  timeZone: string;
  /** Keyed by bare id; fills display names that appointments embed empty. */
  resources?: ReadonlyMap<string, KollaResource>;
}

function appointmentResources(a: KollaAppointment, ctx: AppointmentContext): AppointmentResource[] {
  const seen = new Set<string>();
  const out: AppointmentResource[] = [];
  const add = (ref: KollaResourceRef) => {
    const type = resourceType(ref.type);
    const remoteId = bareId(ref.name, ref.remote_id);
    if (!type || !remoteId || seen.has(remoteId)) return;
    seen.add(remoteId);
    out.push({
      type,
      remoteId,
      displayName: ref.display_name || ctx.resources?.get(remoteId)?.display_name || '',
    });
  };
  a.providers.forEach(add);
  a.resources.forEach(add);
  if (a.operatory) add({ name: a.operatory, remote_id: '', type: 'OPERATORY', display_name: '' });
  return out;
}

function times(a: KollaAppointment, timeZone: string) {
  const zone = a.time_zone || timeZone;
  const instant = (iso: string) => {
    const d = new Date(iso);
    return iso && !Number.isNaN(d.getTime()) ? d : undefined;
  };
  const side = (iso: string, wall: string) => {
    const start = instant(iso);
    // Wall times are taken as given; only a missing one is derived from the instant.
    const wallTime = normalizeWall(wall) ?? (start && wallFromInstant(start, zone));
    if (!wallTime) return undefined;
    return { instant: start ?? instantFromWall(wallTime, zone), wall: wallTime };
  };
  const start = side(a.start_time, a.wall_start_time);
  const end = side(a.end_time, a.wall_end_time);
  return start && end ? { start, end } : undefined;
}

/** A broken appointment is a no-show when it was broken less than this long before its start (issue 25). */
export const NO_SHOW_WINDOW_MS = 24 * 3600_000;

/**
 * Kolla keeps `broken` apart from `cancelled`: broken less than 24 hours before the start (or after it) is a
 * no-show, earlier a cancellation. When it was broken is its `update_time`; without one it counts as a no-show,
 * which is what Open Dental's Break usually records.
 */
function brokenLate(start: Date, updated: Date | undefined): boolean {
  return !updated || start.getTime() - updated.getTime() < NO_SHOW_WINDOW_MS;
}

const instantOrUndefined = (iso: string | null | undefined): Date | undefined => {
  const d = iso ? new Date(iso) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
};

/** Undefined for an appointment without usable times. */
export function toAppointment(a: KollaAppointment, ctx: AppointmentContext): Appointment | undefined {
  const t = times(a, ctx.timeZone);
  if (!t) return undefined;
  const givenName = collapseSpaces(a.contact.given_name);
  const familyName = collapseSpaces(a.contact.family_name);
  // `contact.name` is "" in practice; when present it may be a display name or a resource name.
  const contactNameText = a.contact.name.startsWith('contacts/') ? '' : collapseSpaces(a.contact.name);
  const contactId =
    bareId(a.contact_id) || (a.contact.name.startsWith('contacts/') ? bareId(a.contact.name) : '');
  const resources = appointmentResources(a, ctx);
  const remoteId = bareId(a.name, a.remote_id);
  const updatedAt = instantOrUndefined(a.update_time);
  return {
    remoteId,
    start: t.start.instant,
    end: t.end.instant,
    wallStart: t.start.wall,
    wallEnd: t.end.wall,
    contact: {
      ...(contactId && { remoteId: contactId }),
      givenName,
      familyName,
      name: fullName(givenName, familyName) || contactNameText,
    },
    providers: resources
      .filter((r) => r.type === 'PROVIDER')
      .map(({ remoteId: id, displayName }) => ({ remoteId: id, displayName })),
    resources,
    notes: a.notes,
    confirmed: a.confirmed,
    completed: a.completed,
    cancelled: a.cancelled || a.broken,
    noShow: a.broken && !a.cancelled && brokenLate(t.start.instant, updatedAt),
    ...(updatedAt && { updatedAt }),
    // Kolla has no confirmation number; the practice system's own id is what the front desk can look up.
    confirmationNumber: a.remote_id || remoteId,
    ...(a.short_description && { appointmentType: a.short_description }),
  };
}

/** Port wall time → Kolla `YYYY-MM-DD HH:MM:SS`. */
export function toVendorWall(wall: string): string {
  return (normalizeWall(wall) ?? wall).replace('T', ' ');
}

export function contactBody(input: NewPatient) {
  const national = splitE164(input.phone)?.national ?? input.phone.replace(/\D/g, '');
  return {
    type: 'PATIENT',
    state: 'ACTIVE',
    given_name: input.givenName,
    family_name: input.familyName,
    phone_numbers: [{ number: national, type: 'MOBILE' }],
    email_addresses: input.email ? [{ address: input.email, type: 'HOME' }] : [],
  };
}

export interface AppointmentBodyInput {
  contactId: string;
  wallStart: string;
  wallEnd: string;
  provider: KollaResource;
  operatory?: KollaResource;
  appointmentType?: string;
  notes?: string;
}

export function appointmentBody(input: AppointmentBodyInput) {
  const ref = (r: KollaResource, type: string) => ({ name: r.name, remote_id: r.remote_id, type });
  return {
    contact_id: contactName(input.contactId),
    wall_start_time: toVendorWall(input.wallStart),
    wall_end_time: toVendorWall(input.wallEnd),
    providers: [ref(input.provider, 'provider')],
    ...(input.operatory && {
      operatory: input.operatory.name,
      resources: [ref(input.operatory, 'operatory')],
    }),
    short_description: (input.appointmentType ?? '').slice(0, 100),
    notes: input.notes ?? '',
  };
}
