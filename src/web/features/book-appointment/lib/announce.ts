import type { BookAppointmentResult, PendingRequestResult } from '#shared/schemas/schedule';
import { toast } from '../../../components/ui/use-toast';
import { timeLabel } from './booking';

/** Part 2, section 8: the booking messages. */
export const announceBooked = ({ appointment }: BookAppointmentResult, patientName: string) =>
  toast({
    title: 'Appointment Booked Successfully!',
    description: `${patientName || appointment.patient_name} on ${appointment.date} at ${timeLabel(appointment.time)}. Confirmation number: ${appointment.confirmation_number}`,
  });

export const announcePending = (result: PendingRequestResult) =>
  toast({
    title: 'Appointment Request Received',
    description: `Request number: ${result.request_number}. The office will contact you within 24 hours to confirm the appointment.`,
  });

export const announceSubmitted = (reference: string) =>
  toast({
    title: 'Appointment Request Submitted',
    description: `Confirmation: ${reference}. The server could not be reached; the request is kept on this device and sent as soon as it is back.`,
  });
