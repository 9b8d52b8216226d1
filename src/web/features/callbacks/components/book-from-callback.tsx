import { useState } from 'react';
import type { Callback } from '#shared/schemas/callbacks';
import { APPOINTMENT_TYPES, FIRST_AVAILABLE_PROVIDER } from '#shared/schemas/schedule';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { AppointmentPicker, todayIso, useProviders, type AppointmentChoice } from '../../book-appointment';
import { useBookFromCallback } from '../api/book-from-callback';

/**
 * The task's detected fields as a first choice: a known type, the first available doctor, the day asked for
 * (unless past). The time is picked from that day's free times, the one asked for shown beside them.
 */
function firstChoice(task: Callback): AppointmentChoice {
  const type = (APPOINTMENT_TYPES as readonly string[]).includes(task.appointmentType ?? '')
    ? task.appointmentType!
    : '';
  const date = task.preferredDate && task.preferredDate >= todayIso() ? task.preferredDate : '';
  return { appointmentType: type, doctor: FIRST_AVAILABLE_PROVIDER, date, time: '' };
}

/**
 * Book what the caller asked for with the Book Appointment picker: the detected fields prefilled, then a
 * doctor and one of that day's free times. Booking closes the task.
 */
export function BookFromCallback({ task, onDone }: { task: Callback; onDone: () => void }) {
  const [patient, setPatient] = useState({ name: task.callerName ?? '', phone: task.callerNumber ?? '' });
  const [choice, setChoice] = useState<AppointmentChoice>(() => firstChoice(task));
  const providers = useProviders();
  const book = useBookFromCallback();
  const ready =
    patient.name.trim() !== '' && patient.phone.trim() !== '' && Object.values(choice).every((v) => v !== '');

  function submit() {
    // The outcome follows the promise, so it is told even if Cancel closed the form meanwhile.
    book
      .mutateAsync({
        taskId: task.id,
        params: {
          appointment_type: choice.appointmentType,
          provider_id: choice.doctor,
          date: choice.date,
          time: choice.time,
          patient_info: { name: patient.name, phone_number: patient.phone },
        },
      })
      .then(
        (outcome) => {
          if (!outcome.success || !('appointment' in outcome)) {
            toast({ variant: 'destructive', title: 'Booking Failed', description: outcome.message ?? '' });
            return;
          }
          const { confirmation_number: confirmation, date, time, provider_name } = outcome.appointment;
          toast({
            title: 'Appointment Booked Successfully!',
            description: `${patient.name}, ${date} at ${time} with ${provider_name}. Confirmation number ${confirmation}.`,
          });
          onDone();
        },
        (error: unknown) =>
          toast({
            variant: 'destructive',
            title: 'Booking Failed',
            description: messageOf(error, 'Failed to book appointment'),
          }),
      );
  }

  return (
    <div className="grid max-w-3xl gap-4" data-testid="callback-booking">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Patient name"
          value={patient.name}
          onChange={(e) => setPatient({ ...patient, name: e.target.value })}
        />
        <FormField
          label="Phone number"
          value={patient.phone}
          onChange={(e) => setPatient({ ...patient, phone: e.target.value })}
        />
      </div>
      {task.preferredTime && (
        <p className="text-sm text-slate-600">
          The caller asked for {task.preferredDate ?? 'a day'} at {task.preferredTime}.
        </p>
      )}
      <div className="grid gap-3 sm:max-w-md">
        <AppointmentPicker
          value={choice}
          update={(changes) => setChoice({ ...choice, ...changes })}
          providers={providers.data?.providers ?? []}
        />
      </div>
      <div className="flex flex-nowrap gap-2">
        <Button onClick={submit} disabled={!ready} pending={book.isPending}>
          {book.isPending ? 'Booking…' : 'Book Appointment'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
