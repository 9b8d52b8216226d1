import type { z } from 'zod';
import type { ToolPatientSchema } from '#shared/schemas/schedule';

export interface BookingForm {
  searchPhone: string;
  patient?: z.infer<typeof ToolPatientSchema>;
  name: string;
  phone: string;
  email: string;
  appointmentType: string;
  doctor: string;
  date: string;
  time: string;
  notes: string;
}

export const EMPTY_FORM: BookingForm = {
  searchPhone: '',
  name: '',
  phone: '',
  email: '',
  appointmentType: '',
  doctor: '',
  date: '',
  time: '',
  notes: '',
};
