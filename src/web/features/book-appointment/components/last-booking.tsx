import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import type { BookAppointmentResult } from '#shared/schemas/schedule';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { timeLabel } from '../lib/booking';

export interface LastBookingDetails {
  patientName: string;
  appointment: BookAppointmentResult['appointment'];
}

/** The booking just made, kept on screen until the next one so its confirmation number can be copied. */
export function LastBooking({ booking }: { booking: LastBookingDetails }) {
  const { appointment } = booking;
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(appointment.confirmation_number);
      setCopied(true);
    } catch {
      // Without clipboard access the number stays selectable on screen.
      setCopied(false);
    }
  }

  const rows: [string, string][] = [
    ['Patient', booking.patientName || appointment.patient_name],
    ['Date', appointment.date],
    ['Time', timeLabel(appointment.time)],
    ['Doctor', appointment.provider_name || 'First available'],
  ];
  return (
    <Card aria-label="Last booking" role="region" className="border-green-200 bg-green-50">
      <CardHeader>
        <CardTitle>Last booking</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
          <dt className="text-slate-600">Confirmation number</dt>
          <dd className="flex items-center gap-2">
            <span className="font-mono text-base font-semibold text-slate-900 select-all">
              {appointment.confirmation_number}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void copy()}
              aria-label={copied ? 'Confirmation number copied' : 'Copy confirmation number'}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
