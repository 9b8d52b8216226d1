import { useId, type ReactNode } from 'react';
import type { ProviderItem } from '#shared/schemas/schedule';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import type { BookingForm } from '../lib/booking-form';
import { AppointmentPicker } from './appointment-picker';

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

  return (
    <Card>
      <CardHeader>
        <CardTitle>Appointment</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AppointmentPicker value={form} update={update} providers={providers} />
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
