import { useId, useState, type ReactNode } from 'react';
import { FIRST_AVAILABLE_PROVIDER, PAST_DATE_MESSAGE, type ProviderItem } from '#shared/schemas/schedule';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { APPOINTMENT_TYPE_OPTIONS, todayIso } from '../lib/booking';
import type { BookingForm } from '../lib/booking-form';
import { TimeSlots } from './time-slots';

/** Service, doctor, date, time and notes (part 2, sections 2 and 5). */
export function AppointmentPanel({
  form,
  update,
  providers,
  children,
}: {
  form: BookingForm;
  update: (changes: Partial<BookingForm>) => void;
  providers: ProviderItem[];
  children: ReactNode;
}) {
  const id = useId();
  const [dateError, setDateError] = useState<string>();
  const today = todayIso();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Appointment</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-service`}>Service</Label>
          <NativeSelect
            id={`${id}-service`}
            value={form.appointmentType}
            onChange={(event) => update({ appointmentType: event.target.value, time: '' })}
          >
            <option value="">Select a service</option>
            {APPOINTMENT_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-doctor`}>Doctor</Label>
          <NativeSelect
            id={`${id}-doctor`}
            value={form.doctor}
            // Clearing the doctor keeps the time, so booking then asks for the doctor (spec: 'Missing Information').
            onChange={(event) =>
              update({ doctor: event.target.value, ...(event.target.value && { time: '' }) })
            }
          >
            <option value="">Select a doctor</option>
            <option value={FIRST_AVAILABLE_PROVIDER}>First Available</option>
            {providers.map((provider) => (
              <option key={provider.remote_id} value={provider.remote_id}>
                {provider.display_name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-date`}>Date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            min={today}
            value={form.date}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
            onChange={(event) => {
              const date = event.target.value;
              const past = date !== '' && date < today;
              setDateError(past ? PAST_DATE_MESSAGE : undefined);
              update({ date: past ? '' : date, time: '' });
            }}
          />
          {dateError && (
            <p id={`${id}-date-error`} className="text-sm text-red-700">
              {dateError}
            </p>
          )}
        </div>
        <TimeSlots
          request={{
            date: form.date,
            provider: form.doctor,
            appointmentType: form.appointmentType || undefined,
          }}
          value={form.time}
          onChange={(time) => update({ time })}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-notes`}>Notes</Label>
          <Textarea
            id={`${id}-notes`}
            value={form.notes}
            onChange={(event) => update({ notes: event.target.value })}
          />
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
