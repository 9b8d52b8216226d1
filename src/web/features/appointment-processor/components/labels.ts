import type { AppointmentRequestField } from '#shared/schemas/processor';

export const FIELD_LABELS: Record<AppointmentRequestField, string> = {
  patientName: 'Patient name',
  phoneNumber: 'Phone number',
  email: 'E-mail',
  preferredDate: 'Preferred date',
  preferredTime: 'Preferred time',
  appointmentType: 'Appointment type',
};

/** "dental_cleaning" → "Dental Cleaning". */
export const typeLabel = (type: string) => type.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
