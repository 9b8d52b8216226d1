import { useId } from 'react';
import { PERMISSION_FLAGS, type PermissionFlag, type Permissions } from '#shared/permissions';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';

const PERMISSION_LABELS: Record<PermissionFlag, { label: string; description: string }> = {
  canCallLogs: { label: 'Call Logs', description: 'View and manage call history' },
  canAssistants: { label: 'Assistants', description: 'Manage AI assistants' },
  canWorkflows: { label: 'Workflows', description: 'Create and modify workflows' },
  canBookAppointment: { label: 'Book Appointments', description: 'Book appointments for patients' },
  canAppointmentCalendar: { label: 'Appointment Calendar', description: 'View the appointments calendar' },
  canOutboundCalls: { label: 'Outbound Calls', description: 'Place outbound calls' },
  canMessages: { label: 'Messages', description: 'Read and answer text messages' },
  canAnalytics: { label: 'Analytics', description: 'See what calls produced: bookings, kept visits, costs' },
};

export const allFlags = (on: boolean) =>
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, on])) as Permissions;

/** A sub user's feature permissions, a switch each, with 'Toggle All' (all on, or all off when all were on). */
export function PermissionsFieldset({
  value,
  onChange,
}: {
  value: Permissions;
  onChange(permissions: Permissions): void;
}) {
  const id = useId();
  const allOn = PERMISSION_FLAGS.every((flag) => value[flag]);
  return (
    // Named by its heading: a legend names its group only as the fieldset's first child, beside Toggle All.
    <fieldset className="grid gap-3" aria-labelledby={`${id}-legend`}>
      <div className="flex items-center justify-between">
        <legend id={`${id}-legend`} className="text-sm font-medium text-slate-900">
          Permissions
        </legend>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(allFlags(!allOn))}>
          Toggle All
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {PERMISSION_FLAGS.map((flag) => (
          <div key={flag} className="flex items-start gap-3">
            <Switch
              id={`${id}-${flag}`}
              aria-describedby={`${id}-${flag}-description`}
              checked={value[flag]}
              onCheckedChange={(on) => onChange({ ...value, [flag]: on })}
            />
            <div>
              <Label htmlFor={`${id}-${flag}`}>{PERMISSION_LABELS[flag].label}</Label>
              <p id={`${id}-${flag}-description`} className="text-xs text-slate-600">
                {PERMISSION_LABELS[flag].description}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
