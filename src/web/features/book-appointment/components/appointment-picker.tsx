import { useId, useState } from 'react';
import { FIRST_AVAILABLE_PROVIDER, PAST_DATE_MESSAGE, type ProviderItem } from '#shared/schemas/schedule';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { isChosenDate } from '../../../lib/typed-date';
import { APPOINTMENT_TYPE_OPTIONS, todayIso } from '../lib/booking';
import { TimeSlots } from './time-slots';

/** What the picker chooses: a service, a doctor (or first available), a day and one of its free times. */
export interface AppointmentChoice {
  appointmentType: string;
  doctor: string;
  date: string;
  time: string;
}

/**
 * Service, doctor, date and the free times of that day for that doctor and visit length (part 2, section 5):
 * the Book Appointment screen's picker, also used where a booking is made from elsewhere (Callbacks).
 */
export function AppointmentPicker({
  value,
  update,
  providers,
}: {
  value: AppointmentChoice;
  update: (changes: Partial<AppointmentChoice>) => void;
  providers: ProviderItem[];
}) {
  const id = useId();
  const [dateError, setDateError] = useState<string>();
  // The field shows what is typed; the choice gets only a whole date from today on. A date chosen elsewhere
  // (the form reset after a booking) replaces what the field shows.
  const [typed, setTyped] = useState(value.date);
  const [chosen, setChosen] = useState(value.date);
  if (value.date !== chosen) {
    setChosen(value.date);
    setTyped(value.date);
  }
  const today = todayIso();

  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-service`}>Service</Label>
        <NativeSelect
          id={`${id}-service`}
          value={value.appointmentType}
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
          value={value.doctor}
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
          value={typed}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? `${id}-date-error` : undefined}
          onChange={(event) => {
            const date = event.target.value;
            const whole = isChosenDate(date);
            const past = whole && date < today;
            setTyped(date);
            setDateError(past ? PAST_DATE_MESSAGE : undefined);
            const choice = whole && !past ? date : '';
            setChosen(choice);
            update({ date: choice, time: '' });
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
          date: value.date,
          provider: value.doctor,
          appointmentType: value.appointmentType || undefined,
        }}
        value={value.time}
        onChange={(time) => update({ time })}
      />
    </>
  );
}
