import { useState } from 'react';
import type { Callback } from '#shared/schemas/callbacks';
import { APPOINTMENT_TYPES } from '#shared/schemas/schedule';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useBookFromCallback } from '../api/book-from-callback';

const typeLabel = (type: string) => type.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Book what the caller asked for, the detected fields prefilled: at that time, else the nearest free one that
 * day. Booking closes the task.
 */
export function BookFromCallback({ task, onDone }: { task: Callback; onDone: () => void }) {
  const [form, setForm] = useState({
    name: task.callerName ?? '',
    phone: task.callerNumber ?? '',
    type: task.appointmentType ?? '',
    date: task.preferredDate ?? '',
    time: task.preferredTime ?? '',
  });
  const book = useBookFromCallback();
  const ready = Object.values(form).every((v) => v.trim() !== '');
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  function submit() {
    book.mutate(
      {
        taskId: task.id,
        params: {
          appointment_type: form.type,
          date: form.date,
          time: form.time,
          patient_info: { name: form.name, phone_number: form.phone },
        },
      },
      {
        onSuccess: (outcome) => {
          if (!outcome.success || !('appointment' in outcome)) {
            toast({ variant: 'destructive', title: 'Booking Failed', description: outcome.message ?? '' });
            return;
          }
          const confirmation = outcome.appointment.confirmation_number;
          toast({
            title: 'Appointment Booked Successfully!',
            description: `${form.name}, ${outcome.appointment.date} at ${outcome.appointment.time}. Confirmation number ${confirmation}.`,
          });
          onDone();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Booking Failed',
            description: messageOf(error, 'Failed to book appointment'),
          }),
      },
    );
  }

  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid="callback-booking">
      <FormField label="Patient name" value={form.name} onChange={set('name')} />
      <FormField label="Phone number" value={form.phone} onChange={set('phone')} />
      <div className="grid gap-1.5">
        <Label htmlFor={`callback-type-${task.id}`}>Appointment type</Label>
        <NativeSelect id={`callback-type-${task.id}`} value={form.type} onChange={set('type')}>
          <option value="">Choose a type</option>
          {APPOINTMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <FormField label="Date" type="date" value={form.date} onChange={set('date')} />
      <FormField label="Time" type="time" value={form.time} onChange={set('time')} />
      <div className="flex items-end gap-2">
        <Button onClick={submit} disabled={!ready || book.isPending}>
          {book.isPending ? 'Booking…' : 'Book Appointment'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
