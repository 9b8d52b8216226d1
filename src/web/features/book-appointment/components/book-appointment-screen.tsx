import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FIRST_AVAILABLE_PROVIDER } from '#shared/schemas/schedule';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useProviders } from '../api/get-providers';
import { forgetSlots } from '../api/get-slots';
import { bookAppointment, type BookingParams } from '../api/post-webhook';
import { announceBooked, announcePending, announceSubmitted } from '../lib/announce';
import { newReference, serverText } from '../lib/booking';
import { EMPTY_FORM, type BookingForm } from '../lib/booking-form';
import { addToOutbox } from '../lib/outbox';
import { AppointmentPanel } from './appointment-panel';
import { LastBooking, type LastBookingDetails } from './last-booking';
import { OutboxList } from './outbox-list';
import { PatientPanel } from './patient-panel';
import { PageHeader } from '../../../components/page-header';

function bookingParams(form: BookingForm, providerName: string | undefined): BookingParams {
  const doctor =
    form.doctor === FIRST_AVAILABLE_PROVIDER ? {} : { provider_id: form.doctor, provider_name: providerName };
  return {
    appointment_type: form.appointmentType,
    date: form.date,
    time: form.time,
    ...(form.notes.trim() && { notes: form.notes.trim() }),
    ...doctor,
    ...(form.patient && { patient_id: form.patient.id }),
    patient_info: {
      name: form.name.trim(),
      phone_number: form.phone.trim(),
      ...(form.email.trim() && { email: form.email.trim() }),
    },
  };
}

/** Book by hand for a found or new patient (part 2, section 2). */
export function BookAppointmentScreen({ onBooked }: { onBooked: () => Promise<unknown> }) {
  const [form, setForm] = useState<BookingForm>(EMPTY_FORM);
  const [submitting, setSubmitting] = useState(false);
  const [lastBooking, setLastBooking] = useState<LastBookingDetails>();
  const providers = useProviders().data?.providers ?? [];
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const update = (changes: Partial<BookingForm>) => setForm((current) => ({ ...current, ...changes }));
  const ready = Boolean(
    form.time && form.name.trim() && form.phone.trim() && form.appointmentType && form.date,
  );

  async function book() {
    if (!ready || !form.doctor) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required fields including doctor selection.',
        variant: 'destructive',
      });
      return;
    }
    const params = bookingParams(form, providers.find((p) => p.remote_id === form.doctor)?.display_name);
    const reference = newReference();
    setSubmitting(true);
    try {
      const result = await bookAppointment(params, reference);
      if (result.success) {
        announceBooked(result, params.patient_info.name);
        setLastBooking({ patientName: params.patient_info.name, appointment: result.appointment });
      } else announcePending(result);
      setForm(EMPTY_FORM);
      forgetSlots(queryClient);
      void onBooked();
    } catch (error) {
      if (error instanceof ApiError) {
        toast({
          title: 'Booking Failed',
          description: serverText(error) || 'Failed to book appointment',
          variant: 'destructive',
        });
      } else {
        addToOutbox({ reference, userId: userId ?? '', params, state: 'waiting' });
        announceSubmitted(reference);
        setForm(EMPTY_FORM);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Book Appointment"
        description="Find or add the patient, then choose the service, doctor, date and time."
      />
      {lastBooking && <LastBooking booking={lastBooking} />}
      <OutboxList />
      <div className="grid gap-6 lg:grid-cols-2">
        <PatientPanel form={form} update={update} />
        <AppointmentPanel form={form} update={update} providers={providers}>
          <Button onClick={() => void book()} disabled={!ready || submitting}>
            {submitting ? 'Booking...' : 'Book Appointment'}
          </Button>
        </AppointmentPanel>
      </div>
    </div>
  );
}
